/**
 * A refusal found in the browser while signing with the e.firma (wrong password, a key that is not
 * the certificate's, documents that changed): its message is the Spanish text to show, and nothing
 * was sent. Kept apart from efirma-signer.ts so that the page can recognise it without loading
 * node-forge.
 */
export class EfirmaError extends Error {
  override name = 'EfirmaError';
}
