import type { LightMyRequestResponse } from 'fastify';

/** UTF-8's byte order mark, which the exports put first so Excel in Spanish reads accents. */
export const utf8Bom = Buffer.from([0xef, 0xbb, 0xbf]);

/** A minimal RFC 4180 reader, enough for the exports: quoted fields, doubled quotes, CRLF lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  return rows;
}

/** An export's CSV body read back: the header, the rows, and a column's index by its header. */
export function readCsvExport(response: LightMyRequestResponse) {
  const body = response.rawPayload;
  if (!body.subarray(0, 3).equals(utf8Bom)) throw new Error('the CSV does not start with the UTF-8 BOM');
  const [header = [], ...rows] = parseCsv(body.subarray(3).toString('utf8'));
  return { header, rows, column: (name: string) => header.indexOf(name) };
}
