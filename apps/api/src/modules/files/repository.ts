import { inArray, isNotNull, or } from 'drizzle-orm';
import { readTogether, type Executor } from '../../db/client';
import { addendums, claimDocuments, claimFiles, contractDocuments, efirmaSignatures, investigationDocuments, invoices, moveOutPhotos, rentPaymentProofs, rentPayments, signingRounds } from '../../db/schema/index';

/** Which of `names` a document, an addendum, a generated contract, a signing round's pack or signed document, an e.firma signature's .p7s, an acta's photo, a rent receipt or proof, a case document, a case's evidence or an invoice's XML or PDF names. */
export async function referencedNames(db: Executor, names: string[]): Promise<string[]> {
  const [documents, addendumFiles, contracts, signingPacks, signedDocuments, efirma, photos, receipts, proofs, claimPdfs, evidence, invoiceFiles] = await readTogether(db, [
    () => db.select({ name: investigationDocuments.storedName }).from(investigationDocuments).where(inArray(investigationDocuments.storedName, names)),
    () => db.select({ name: addendums.fileStoredName }).from(addendums).where(inArray(addendums.fileStoredName, names)),
    () => db.select({ name: contractDocuments.storedName }).from(contractDocuments).where(inArray(contractDocuments.storedName, names)),
    () => db.select({ name: signingRounds.packStoredName }).from(signingRounds).where(inArray(signingRounds.packStoredName, names)),
    () => db.select({ name: signingRounds.signedStoredName }).from(signingRounds).where(inArray(signingRounds.signedStoredName, names)),
    () => db.select({ name: efirmaSignatures.storedName }).from(efirmaSignatures).where(inArray(efirmaSignatures.storedName, names)),
    () => db.select({ name: moveOutPhotos.storedName }).from(moveOutPhotos).where(inArray(moveOutPhotos.storedName, names)),
    () => db.select({ name: rentPayments.receiptStoredName }).from(rentPayments).where(inArray(rentPayments.receiptStoredName, names)),
    () => db.select({ name: rentPaymentProofs.storedName }).from(rentPaymentProofs).where(inArray(rentPaymentProofs.storedName, names)),
    () => db.select({ name: claimDocuments.storedName }).from(claimDocuments).where(inArray(claimDocuments.storedName, names)),
    () => db.select({ name: claimFiles.storedName }).from(claimFiles).where(inArray(claimFiles.storedName, names)),
    () =>
      db
        .select({ xml: invoices.xmlStoredName, pdf: invoices.pdfStoredName })
        .from(invoices)
        .where(or(inArray(invoices.xmlStoredName, names), inArray(invoices.pdfStoredName, names))),
  ]);
  const invoiceNames = invoiceFiles.flatMap((row) => [{ name: row.xml }, { name: row.pdf }]);
  return [...documents, ...addendumFiles, ...contracts, ...signingPacks, ...signedDocuments, ...efirma, ...photos, ...receipts, ...proofs, ...claimPdfs, ...evidence, ...invoiceNames].map((row) => row.name ?? '');
}

/** A file some row names, with the SHA-256 that row recorded. */
interface ReferencedFile {
  storedName: string;
  sha256: string;
}

/** Every file a document, an addendum, a generated contract, a signing round's pack or an e.firma signature names (what a migration copies). */
export async function allReferencedFiles(db: Executor): Promise<ReferencedFile[]> {
  const [documents, addendumFiles, contracts, signingPacks, signedDocuments, efirma, photos, receipts, proofs, claimPdfs, evidence, invoiceFiles] = await readTogether(db, [
    () => db.select({ storedName: investigationDocuments.storedName, sha256: investigationDocuments.sha256 }).from(investigationDocuments),
    () =>
      db
        .select({ storedName: addendums.fileStoredName, sha256: addendums.fileSha256 })
        .from(addendums)
        .where(isNotNull(addendums.fileStoredName)),
    () => db.select({ storedName: contractDocuments.storedName, sha256: contractDocuments.sha256 }).from(contractDocuments),
    () =>
      db
        .select({ storedName: signingRounds.packStoredName, sha256: signingRounds.packSha256 })
        .from(signingRounds)
        .where(isNotNull(signingRounds.packStoredName)),
    () =>
      db
        .select({ storedName: signingRounds.signedStoredName, sha256: signingRounds.signedSha256 })
        .from(signingRounds)
        .where(isNotNull(signingRounds.signedStoredName)),
    () =>
      db
        .select({ storedName: efirmaSignatures.storedName, sha256: efirmaSignatures.cmsSha256 })
        .from(efirmaSignatures)
        .where(isNotNull(efirmaSignatures.storedName)),
    () => db.select({ storedName: moveOutPhotos.storedName, sha256: moveOutPhotos.sha256 }).from(moveOutPhotos),
    () =>
      db
        .select({ storedName: rentPayments.receiptStoredName, sha256: rentPayments.receiptSha256 })
        .from(rentPayments)
        .where(isNotNull(rentPayments.receiptStoredName)),
    () => db.select({ storedName: rentPaymentProofs.storedName, sha256: rentPaymentProofs.sha256 }).from(rentPaymentProofs),
    () => db.select({ storedName: claimDocuments.storedName, sha256: claimDocuments.sha256 }).from(claimDocuments),
    () => db.select({ storedName: claimFiles.storedName, sha256: claimFiles.sha256 }).from(claimFiles),
    // The PAC's own files: no checksum recorded (the PAC keeps them too, and serves them again).
    () => db.select({ xml: invoices.xmlStoredName, pdf: invoices.pdfStoredName }).from(invoices),
  ]);
  const invoiceNames = invoiceFiles.flatMap((row) => [{ storedName: row.xml, sha256: '' }, { storedName: row.pdf, sha256: '' }]);
  const files = new Map<string, string>();
  for (const row of [...documents, ...addendumFiles, ...contracts, ...signingPacks, ...signedDocuments, ...efirma, ...photos, ...receipts, ...proofs, ...claimPdfs, ...evidence, ...invoiceNames]) if (row.storedName) files.set(row.storedName, row.sha256 ?? '');
  return [...files].map(([storedName, sha256]) => ({ storedName, sha256 })).sort((a, b) => a.storedName.localeCompare(b.storedName));
}
