import { createRequire } from 'node:module';
import path from 'node:path';
import type { Content, StyleDictionary, TDocumentDefinitions } from 'pdfmake/interfaces';
import { templateKindLabels, type PaperSize, type TemplateKind } from '@portal/domain';
import { renderMarkup, type NamedBlocks, type PlaceholderValues, type Signature } from './markup';

/*
 * PDFs drawn on the server by pdfmake 0.3 in plain JavaScript, with Roboto embedded (every Spanish
 * glyph: á é í ó ú ü ñ ¿ ¡ « »). The fonts are the TTFs pdfmake ships; createRequire resolves them
 * from this file at run time, so the esbuild bundle of `npm start` finds them in node_modules too.
 * pdfmake may read only those files and no URL.
 */
const require = createRequire(import.meta.url);
const fontDir = path.dirname(require.resolve('pdfmake/build/fonts/Roboto/Roboto-Regular.ttf'));

interface PdfMake {
  setFonts(fonts: unknown): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (file: string) => boolean): void;
  createPdf(definition: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

let printer: PdfMake | null = null;

function pdfmake(): PdfMake {
  if (printer) return printer;
  const instance = require('pdfmake') as PdfMake;
  const font = (file: string) => path.join(fontDir, file);
  instance.setFonts({
    Roboto: {
      normal: font('Roboto-Regular.ttf'),
      bold: font('Roboto-Medium.ttf'),
      italics: font('Roboto-Italic.ttf'),
      bolditalics: font('Roboto-MediumItalic.ttf'),
    },
  });
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir + path.sep));
  printer = instance;
  return instance;
}

export interface RenderedPdf {
  bytes: Buffer;
  pageCount: number;
}

export interface DocumentInput {
  kind: TemplateKind;
  body: string;
  /** One set of values per copy of the body: one for the lease and the póliza, one per pagaré. */
  copies: PlaceholderValues[];
  signatures: readonly Signature[];
  /** How many parties initial each page of the lease; 0 puts no initials line. */
  initials: number;
  paperSize: PaperSize;
  title: string;
  /** The PDF's subject when it is not one of the pack (the acta de entrega, issue 32). */
  subject?: string;
  /** What the text's own markers draw ('[[meses]]'…): the rent statement's tables. */
  blocks?: NamedBlocks;
  /** A line on every page's foot that the template's text cannot remove (a collection letter's extrajudicial notice, issue 33). */
  notice?: string;
  /** Drawing stops with PageLimitExceeded when the document would take more pages (issue 28). */
  maxPages: number;
}

/** A document that would take more than its page limit: thrown while laying it out, so no more pages are drawn. */
export class PageLimitExceeded extends Error {
  constructor(readonly maxPages: number) {
    super(`the document takes more than ${maxPages} pages`);
    this.name = 'PageLimitExceeded';
  }
}

const styles: StyleDictionary = {
  title: { fontSize: 14, bold: true, alignment: 'center', margin: [0, 0, 0, 12] },
  heading: { fontSize: 11, bold: true, margin: [0, 10, 0, 4] },
  paragraph: { margin: [0, 0, 0, 6], alignment: 'justify', lineHeight: 1.15 },
  tableHeader: { bold: true, fontSize: 8, fillColor: '#eeeeee' },
  tableCell: { fontSize: 8 },
};

function footer(initials: number, notice: string | undefined) {
  return (currentPage: number, pageCount: number): Content => {
    const columns: Content = {
      columns: [
        { text: initials > 0 ? `Iniciales: ${Array.from({ length: initials }, () => '____').join(' ')}` : '', fontSize: 8 },
        { text: `Página ${currentPage} de ${pageCount}`, alignment: 'right', fontSize: 8 },
      ],
    };
    return notice ? { margin: [60, 4, 60, 0], stack: [{ text: notice, fontSize: 8, bold: true, margin: [0, 0, 0, 2] }, columns] } : { margin: [60, 10, 60, 0], ...columns };
  };
}

/** One document of the pack; the pagarés repeat their body once per note, each on its own page. */
export async function renderDocument(input: DocumentInput): Promise<RenderedPdf> {
  const content: Content[] = input.copies.map((values, index) => ({
    stack: renderMarkup(input.body, values, input.signatures, input.blocks),
    ...(index > 0 ? { pageBreak: 'before' as const } : {}),
  }));
  let pageCount = 0;
  const drawFooter = footer(input.initials, input.notice);
  const definition: TDocumentDefinitions = {
    info: { title: input.title, subject: input.subject ?? templateKindLabels[input.kind], creator: 'Portal de Pólizas' },
    pageSize: input.paperSize === 'a4' ? 'A4' : 'LETTER',
    pageMargins: [60, 56, 60, 56],
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    styles,
    content,
    // pdfmake asks for each page's background as it adds the page during layout: the one place
    // to stop a 2,900-page text at page 51 rather than after drawing it all.
    background: (page: number) => {
      if (page > input.maxPages) throw new PageLimitExceeded(input.maxPages);
      return null;
    },
    footer: (currentPage, count) => {
      pageCount = count;
      return drawFooter(currentPage, count);
    },
  };
  const bytes = await pdfmake().createPdf(definition).getBuffer();
  return { bytes, pageCount };
}

/**
 * Loads pdfmake and the fonts and draws one small page: about a second, once per process
 * (bench:contracts). Not at start (issue 30: it held ~28 MB of an idle server that may never draw
 * a contract) but before the first pack's transaction opens, so no one waits on it inside one
 * (contracts/service.ts, oneAtATime).
 */
export async function warmUpPdfRendering(): Promise<void> {
  await renderDocument({ kind: 'lease', body: '# Contrato\n\nÁÉÍÓÚ ñ', copies: [{}], signatures: [], initials: 1, paperSize: 'letter', title: 'warm-up', maxPages: 1 });
}

let warmedUp: Promise<void> | undefined;

/** warmUpPdfRendering once per process; a failed one is tried again by the next caller. */
export function pdfRenderingReady(): Promise<void> {
  warmedUp ??= warmUpPdfRendering().catch((error: unknown) => {
    warmedUp = undefined;
    throw error;
  });
  return warmedUp;
}
