/** Links for the people outside (issue 17): a policy's links panel (expediente, upload screen). */
export { PolicyLinksPanel } from './components/policy-links-panel';
