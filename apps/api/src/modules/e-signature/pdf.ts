import { linkPartyLabels } from '@portal/domain';
import { evidencePage } from './evidence-page';
import type { EvidenceFacts } from './evidence';
import { fontsOf, mexicoCityTime, PageWriter } from './pdf-writer';

/*
 * The PDFs of a signing round (issue 17, decision 017), drawn with pdf-lib: the one pack every
 * signer is shown, and at the end each signed document with a page of the signatures and the
 * evidence page ('Constancia de firma electrónica').
 */

/** pdf-lib (0.8 MB of JavaScript) is read when the first PDF is drawn, not at every start (issue 30). */
const loadPdfLib = () => import('pdf-lib');

/** The documents of the round merged into one PDF: the exact bytes every signer is shown. */
export async function mergePack(documents: Array<{ bytes: Uint8Array }>, title: string): Promise<Uint8Array> {
  const { PDFDocument } = await loadPdfLib();
  const merged = await PDFDocument.create();
  for (const document of documents) {
    const source = await PDFDocument.load(document.bytes);
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  merged.setTitle(title);
  // Fixed dates: the same documents make the same bytes (the hash depends on nothing else).
  merged.setCreationDate(new Date(0));
  merged.setModificationDate(new Date(0));
  return merged.save();
}

/** Whether a drawn signature (a PNG data URL) is a PNG pdf-lib can place on a page. */
export async function isEmbeddablePng(dataUrl: string): Promise<boolean> {
  try {
    const { PDFDocument } = await loadPdfLib();
    await (await PDFDocument.create()).embedPng(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
    return true;
  } catch {
    return false;
  }
}

/** The page of the signatures: each signer's drawn image, typed name or e.firma certificate, name and date. */
async function signaturesPage(writer: PageWriter, facts: EvidenceFacts): Promise<void> {
  writer.line('Firmas electrónicas', { size: 14, font: 'bold', gap: 4 });
  writer.line(`Folio ${facts.folio}. Firmado electrónicamente por:`, { gap: 8 });
  for (const signer of facts.signers) {
    if (signer.signature.kind === 'drawn') await writer.image(signer.signature.image, 220, 70);
    else if (signer.signature.kind === 'typed') writer.line(signer.signature.text, { size: 22, font: 'script' });
    else writer.line(`Firmado con e.firma (certificado ${signer.signature.certificate.serial})`, { size: 12, font: 'bold', gap: 4 });
    writer.rule();
    writer.line(`${signer.name} (${linkPartyLabels[signer.party]})`, { font: 'bold' });
    writer.line(`Firmó el ${mexicoCityTime(signer.signedAt)}`, { gap: 14 });
  }
}

/** One document with the signatures page and the evidence page appended. */
export async function signedDocument(original: Uint8Array, facts: EvidenceFacts, title: string): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const pdf = await PDFDocument.load(original);
  const { width, height } = pdf.getPage(pdf.getPageCount() - 1).getSize();
  const fonts = await fontsOf(pdf, StandardFonts);
  const ink = { text: rgb(0.1, 0.1, 0.1), rule: rgb(0.6, 0.6, 0.6) };
  await signaturesPage(new PageWriter(pdf, [width, height], fonts, ink), facts);
  await evidencePage(new PageWriter(pdf, [width, height], fonts, ink), facts);
  pdf.setTitle(title);
  return { bytes: await pdf.save(), pageCount: pdf.getPageCount() };
}
