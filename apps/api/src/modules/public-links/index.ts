/**
 * Links for the people outside (issue 17, decision 017): the token machinery and the link's own
 * public endpoints. The upload and signing modules resolve tokens through here.
 */
export { publicLinkRoutes, publicRateLimit } from './public-routes';
export { invalidLink, issueLink, requestOrigin, requirePrivacyAccepted, resolveLink, type ActiveLink, type IssuedLinkAddress, type LinkToIssue } from './service';
export { newLinkToken } from './tokens';
export { markFinished as markLinkFinished } from './repository';
