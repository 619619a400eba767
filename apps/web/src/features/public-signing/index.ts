/** The signer's page after the aviso (issue 17): the public link page shows it for purpose 'sign'. */
export { PublicSigningView } from './components/public-signing-view';
