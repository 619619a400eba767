/**
 * Links for the people outside (issue 17, decision 017): the token machinery and the link's own
 * public endpoints, the staff's endpoints for a policy's links, and the aviso's admin. The upload
 * and signing modules resolve tokens through here.
 */
export { publicLinkRoutes } from './public-routes';
export { linkStaffRoutes, privacyAdminRoutes } from './routes';
export { invalidLink, issueLink, requestOrigin, relockLink, requirePrivacyAccepted, resolveLink, type ActiveLink } from './service';
export { newLinkToken } from './tokens';
export { markFinished as markLinkFinished } from './repository';
