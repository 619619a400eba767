import type { Color, PDFDocument, PDFFont, StandardFonts, PDFPage } from 'pdf-lib';

/*
 * Writing lines of text down the pages a signing round appends to its documents (issue 17): the
 * signatures page and the evidence page (pdf.ts, evidence-page.ts).
 */

const mexicoCity = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeStyle: 'medium', timeZone: 'America/Mexico_City' });
/** A date and time as read in Mexico City, saying so. */
export const mexicoCityTime = (date: Date) => `${mexicoCity.format(date)} (hora de la Ciudad de México)`;

// The standard fonts speak WinAnsi: Spanish letters are in it, anything else (an emoji in a user agent) becomes '?'.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (text: string) =>
  [...text.normalize('NFC')].map((char) => {
    const code = char.codePointAt(0)!;
    if (code === 9 || code === 10) return ' ';
    return (code >= 32 && code < 127) || (code >= 160 && code <= 255) || winAnsiExtras.has(char) ? char : '?';
  }).join('');

export interface WriterFonts {
  regular: PDFFont;
  bold: PDFFont;
  script: PDFFont;
}

/** Writes lines top-down on a page, adding pages as needed; wraps long lines to the page's width. */
export class PageWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly margin = 56;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly size: [number, number],
    private readonly fonts: WriterFonts,
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

  /** A PNG (a data URL or its bytes) scaled to fit the box, on the left margin. */
  async image(png: string | Uint8Array, maxWidth: number, maxHeight: number): Promise<void> {
    const bytes = typeof png === 'string' ? Buffer.from(png.slice(png.indexOf(',') + 1), 'base64') : png;
    const embedded = await this.pdf.embedPng(bytes);
    const scale = Math.min(maxWidth / embedded.width, maxHeight / embedded.height, 1);
    const height = embedded.height * scale;
    this.room(height + 4);
    this.page.drawImage(embedded, { x: this.margin, y: this.y - height, width: embedded.width * scale, height });
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

export async function fontsOf(pdf: PDFDocument, fonts: typeof StandardFonts): Promise<WriterFonts> {
  return {
    regular: await pdf.embedFont(fonts.Helvetica),
    bold: await pdf.embedFont(fonts.HelveticaBold),
    // The standard fonts have no script face: a bold italic serif reads as a handwritten name.
    script: await pdf.embedFont(fonts.TimesRomanBoldItalic),
  };
}
