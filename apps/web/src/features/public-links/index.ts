/** Links for the people outside (issue 17): a policy's links panel (expediente, upload screen). */
export { PolicyLinksPanel } from './components/policy-links-panel';
/** The frame of a page opened by a personal link, and its one answer for an invalid link (the rents' owner page uses them too). */
export { InvalidLink } from './components/invalid-link';
export { PublicLayout } from './components/public-layout';
