/** Staff's view of electronic signing (issue 17): the expediente's 'Firma electrónica' section. */
export { SigningPanel } from './components/signing-panel';
