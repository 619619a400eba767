import type { Color, PDFDocument, PDFFont, PDFPage, StandardFonts } from 'pdf-lib';
import { contractDocumentLabels, linkPartyLabels, signingMessages, signingSubjectLabels, type ContractDocumentKind, type LinkParty } from '@portal/domain';

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

export interface SignerEvidence {
  name: string;
  party: LinkParty;
  email: string;
  ip: string;
  userAgent: string;
  signedAt: Date;
  signature: { kind: 'drawn'; image: string } | { kind: 'typed'; text: string };
  packSha256: string;
}

export interface EvidenceFacts {
  folio: string;
  roundId: number;
  packVersion: number;
  packSha256: string;
  /** A contract of the pack, or a document signed on its own ('move_out': the acta de entrega). */
  documents: Array<{ kind: ContractDocumentKind | 'move_out'; fileName: string; sha256: string }>;
  signers: SignerEvidence[];
}

const mexicoCity = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeStyle: 'medium', timeZone: 'America/Mexico_City' });
/** A date and time as read in Mexico City, saying so. */
const mexicoCityTime = (date: Date) => `${mexicoCity.format(date)} (hora de la Ciudad de México)`;

// The standard fonts speak WinAnsi: Spanish letters are in it, anything else (an emoji in a user agent) becomes '?'.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (text: string) =>
  [...text.normalize('NFC')].map((char) => {
    const code = char.codePointAt(0)!;
    if (code === 9 || code === 10) return ' ';
    return (code >= 32 && code < 127) || (code >= 160 && code <= 255) || winAnsiExtras.has(char) ? char : '?';
  }).join('');

/** Writes lines top-down on a page, adding pages as needed; wraps long lines to the page's width. */
class PageWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly margin = 56;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly size: [number, number],
    private readonly fonts: { regular: PDFFont; bold: PDFFont; script: PDFFont },
    private readonly ink: { text: Color; rule: Color },
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.pdf.addPage(this.size);
    this.y = this.size[1] - this.margin;
  }

  private room(height: number): void {
    if (this.y - height < this.margin) this.newPage();
  }

  line(text: string, options: { size?: number; font?: 'regular' | 'bold' | 'script'; gap?: number } = {}): void {
    const size = options.size ?? 9;
    const font = this.fonts[options.font ?? 'regular'];
    const width = this.size[0] - 2 * this.margin;
    for (const piece of wrap(printable(text), font, size, width)) {
      this.room(size * 1.4);
      this.page.drawText(piece, { x: this.margin, y: this.y - size, size, font, color: this.ink.text });
      this.y -= size * 1.4;
    }
    this.y -= options.gap ?? 0;
  }

  async image(pngDataUrl: string, maxWidth: number, maxHeight: number): Promise<void> {
    const png = await this.pdf.embedPng(Buffer.from(pngDataUrl.slice(pngDataUrl.indexOf(',') + 1), 'base64'));
    const scale = Math.min(maxWidth / png.width, maxHeight / png.height, 1);
    const height = png.height * scale;
    this.room(height + 4);
    this.page.drawImage(png, { x: this.margin, y: this.y - height, width: png.width * scale, height });
    this.y -= height + 4;
  }

  rule(): void {
    this.room(10);
    this.page.drawLine({ start: { x: this.margin, y: this.y - 4 }, end: { x: this.size[0] - this.margin, y: this.y - 4 }, thickness: 0.5, color: this.ink.rule });
    this.y -= 12;
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !current) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
    // A single word wider than the line (a long user agent token) is cut where it overflows.
    while (font.widthOfTextAtSize(current, size) > width && current.length > 1) {
      let cut = current.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut--;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  lines.push(current);
  return lines;
}

async function fontsOf(pdf: PDFDocument, fonts: typeof StandardFonts) {
  return {
    regular: await pdf.embedFont(fonts.Helvetica),
    bold: await pdf.embedFont(fonts.HelveticaBold),
    // The standard fonts have no script face: a bold italic serif reads as a handwritten name.
    script: await pdf.embedFont(fonts.TimesRomanBoldItalic),
  };
}

/** The page of the signatures: each signer's drawn image or typed name, name and date. */
async function signaturesPage(writer: PageWriter, facts: EvidenceFacts): Promise<void> {
  writer.line('Firmas electrónicas', { size: 14, font: 'bold', gap: 4 });
  writer.line(`Folio ${facts.folio}. Firmado electrónicamente por:`, { gap: 8 });
  for (const signer of facts.signers) {
    if (signer.signature.kind === 'drawn') await writer.image(signer.signature.image, 220, 70);
    else writer.line(signer.signature.text, { size: 22, font: 'script' });
    writer.rule();
    writer.line(`${signer.name} (${linkPartyLabels[signer.party]})`, { font: 'bold' });
    writer.line(`Firmó el ${mexicoCityTime(signer.signedAt)}`, { gap: 14 });
  }
}

/** The evidence page: who signed, from where, when, and the hashes of what they were shown. */
async function evidencePage(writer: PageWriter, facts: EvidenceFacts): Promise<void> {
  writer.line(signingMessages.evidenceTitle, { size: 14, font: 'bold', gap: 4 });
  writer.line(`Folio: ${facts.folio}`);
  writer.line(facts.documents.some((document) => document.kind === 'move_out') ? `Ronda de firma: ${facts.roundId}.` : `Ronda de firma: ${facts.roundId}. Versión de los contratos firmados: ${facts.packVersion}.`);
  writer.line(`SHA-256 del paquete mostrado a los firmantes: ${facts.packSha256}`, { gap: 8 });
  writer.line('Documentos originales', { font: 'bold' });
  for (const document of facts.documents) {
    writer.line(`${document.kind === 'move_out' ? signingSubjectLabels.move_out : contractDocumentLabels[document.kind]} (${document.fileName})`);
    writer.line(`SHA-256: ${document.sha256}`, { gap: 4 });
  }
  writer.line('Firmantes', { font: 'bold', gap: 2 });
  for (const signer of facts.signers) {
    writer.rule();
    writer.line(`${signer.name} (${linkPartyLabels[signer.party]})`, { font: 'bold' });
    writer.line(`Correo electrónico (código de un solo uso verificado): ${signer.email}`);
    writer.line(`Fecha y hora: ${mexicoCityTime(signer.signedAt)}`);
    writer.line(`Dirección IP: ${signer.ip}`);
    writer.line(`Navegador: ${signer.userAgent || '(no informado)'}`);
    writer.line(`Firma: ${signer.signature.kind === 'drawn' ? 'dibujada' : 'escrita'}`);
    writer.line(`SHA-256 del paquete que se le mostró: ${signer.packSha256}`, { gap: 6 });
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
