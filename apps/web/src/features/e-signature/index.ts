/**
 * Electronic signing (issue 17): staff's view — the expediente's 'Firma electrónica' section — and
 * the signer's page after the aviso, which the public link page shows for purpose 'sign' (public/).
 */
export { SigningPanel } from './components/signing-panel';
export { PublicSigningView } from './public/components/public-signing-view';
