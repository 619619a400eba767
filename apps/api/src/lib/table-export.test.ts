import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendTableExport, type ExportColumn } from './table-export';

/**
 * The exports are written while they are read: the client gets the first batch's rows while the
 * next batch is still being read, so a branch of any size never sits whole in the server.
 */

interface Row {
  name: string;
  day: string;
}

const columns: ReadonlyArray<ExportColumn<Row>> = [
  { header: 'Nombre', value: (row) => row.name },
  { header: 'Fecha', value: (row) => ({ day: row.day }) },
];

const app = Fastify();
let releaseSecondBatch: () => void = () => {};
const secondBatchAsked = new Promise<void>((resolve) => {
  app.get('/export', (_request, reply) =>
    sendTableExport(reply, {
      format: 'csv',
      fileName: 'polizas_2026-11-24.csv',
      sheetName: 'Pólizas',
      columns,
      batches: (async function* () {
        yield [{ name: 'Íñigo Peña', day: '2026-11-01' }];
        resolve();
        await new Promise<void>((release) => (releaseSecondBatch = release));
        yield [
          { name: '=1+1, "comillas"', day: '2026-12-31' },
          { name: '-2+3+cmd', day: '2026-12-31' },
          { name: '-12.50', day: '2026-12-31' },
        ];
      })(),
    }),
  );
});
afterAll(() => app.close());

describe('sendTableExport', () => {
  it('sends the BOM, the headers and the first batch before the second batch is read, then the rest', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/export`);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="polizas_2026-11-24.csv"; filename*=UTF-8''polizas_2026-11-24.csv`);
    const reader = response.body!.getReader();
    await secondBatchAsked;
    // Read while the second batch is held back: the first one has already arrived.
    let first = Buffer.alloc(0);
    while (!first.toString('utf8').endsWith('01/11/2026\r\n')) first = Buffer.concat([first, Buffer.from((await reader.read()).value!)]);
    expect([...first.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(first.subarray(3).toString('utf8')).toBe('Nombre,Fecha\r\nÍñigo Peña,01/11/2026\r\n');
    releaseSecondBatch();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += Buffer.from(chunk.value).toString('utf8');
    // Formulas are shown, not run; a plain negative amount stays a number.
    expect(rest).toBe(`"'=1+1, ""comillas""",31/12/2026\r\n'-2+3+cmd,31/12/2026\r\n-12.50,31/12/2026\r\n`);
  });
});
