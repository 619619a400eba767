import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { arcoExportFieldLabels, arcoExportListLabels, arcoExportTexts, type ArcoExportList } from '@portal/domain';
import { mexicoCityDateTime, readableValue } from './readable';
import type { ArcoExportFile } from './service';

/*
 * The ARCO export as a readable PDF (Spanish, letter size) for the person it describes: one
 * section per record, each filled field as 'Etiqueta: valor' with the labels of the domain
 * (never a key), dates in Mexico City time. Helvetica speaks WinAnsi; other characters become '?'.
 */

const pageSize: [number, number] = [612, 792];
const margin = 56;

interface Cursor {
  pdf: PDFDocument;
  page: PDFPage;
  y: number;
  regular: PDFFont;
  bold: PDFFont;
  ink: Color;
}

/** Only what Helvetica (WinAnsi) can draw. */
function drawable(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff\u2013\u2014\u2022\u201c\u201d]/g, '?');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of drawable(text).split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !current) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
}

function write(cursor: Cursor, text: string, options: { size?: number; bold?: boolean; gap?: number } = {}): void {
  const size = options.size ?? 10;
  const font = options.bold ? cursor.bold : cursor.regular;
  for (const line of wrap(text, font, size, pageSize[0] - 2 * margin)) {
    if (cursor.y < margin + size) {
      cursor.page = cursor.pdf.addPage(pageSize);
      cursor.y = pageSize[1] - margin;
    }
    cursor.page.drawText(line, { x: margin, y: cursor.y - size, size, font, color: cursor.ink });
    cursor.y -= size * 1.45;
  }
  cursor.y -= options.gap ?? 0;
}

/** 'Etiqueta: valor' for each filled field; a key without a label is not shown (the export's tests list every key). */
function fieldTexts(fields: Record<string, unknown>): string[] {
  return Object.entries(fields).flatMap(([key, value]) => {
    const label = arcoExportFieldLabels[key];
    const text = readableValue(key, value);
    return label && text ? [`${label}: ${text}`] : [];
  });
}

export async function arcoExportPdf(file: ArcoExportFile): Promise<Uint8Array> {
  // pdf-lib (0.8 MB of JavaScript) is read when the first PDF is drawn, not at every start (issue 30).
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(arcoExportTexts.pdfTitle);
  pdf.setCreator('Portal de Pólizas');
  const cursor: Cursor = { pdf, page: pdf.addPage(pageSize), y: pageSize[1] - margin, regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold), ink: rgb(0.1, 0.1, 0.1) };
  write(cursor, arcoExportTexts.heading, { size: 16, bold: true, gap: 4 });
  write(cursor, arcoExportTexts.intro(mexicoCityDateTime(new Date(file.generatedAt)), file.records.length), { gap: 10 });
  for (const record of file.records) {
    write(cursor, `${record.kindLabel} — ${record.where}`, { size: 12, bold: true, gap: 2 });
    for (const text of fieldTexts(record.data)) write(cursor, text);
    for (const [list, items] of Object.entries(record.lists) as [ArcoExportList, Record<string, unknown>[]][]) {
      write(cursor, arcoExportListLabels[list], { bold: true });
      if (items.length === 0) write(cursor, arcoExportTexts.none);
      for (const item of items) write(cursor, `• ${fieldTexts(item).join('; ')}`);
    }
    cursor.y -= 10;
  }
  return pdf.save();
}
