import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Every page's text of a PDF, joined: what a journey checks a generated document says. */
export async function pdfText(data: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  // Lines break anywhere: compare words, not layout.
  return pages.join('\n').replace(/\s+/g, ' ');
}
