import { describe, expect, it } from 'vitest';
import { detectFileType, uploadFileName } from './file-type';

const bytes = (...values: number[]) => Buffer.from(values);

describe('detectFileType', () => {
  it('recognises PDF, PNG and JPEG by their signatures', () => {
    expect(detectFileType(Buffer.from('%PDF-1.7\n%âãÏÓ\n'))).toBe('pdf');
    expect(detectFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d))).toBe('png');
    expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46))).toBe('jpeg');
  });

  it('recognises Word documents, old and new, but not any zip', () => {
    expect(detectFileType(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0))).toBe('doc');
    const docx = Buffer.concat([bytes(0x50, 0x4b, 0x03, 0x04), Buffer.alloc(26), Buffer.from('[Content_Types].xml'), Buffer.from('word/document.xml')]);
    expect(detectFileType(docx)).toBe('docx');
    const xlsx = Buffer.concat([bytes(0x50, 0x4b, 0x03, 0x04), Buffer.alloc(26), Buffer.from('xl/workbook.xml')]);
    expect(detectFileType(xlsx)).toBeNull();
  });

  it('recognises a CMS SignedData (an e.firma .p7s), whatever the length of its outer SEQUENCE', () => {
    const signedData = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02];
    expect(detectFileType(bytes(0x30, 0x82, 0x06, 0x1f, ...signedData, 0xa0))).toBe('p7s');
    expect(detectFileType(bytes(0x30, 0x80, ...signedData, 0xa0))).toBe('p7s');
    expect(detectFileType(bytes(0x30, 0x45, ...signedData, 0xa0))).toBe('p7s');
    // Another CMS type (enveloped data), and a certificate (a SEQUENCE of a SEQUENCE), are not one.
    expect(detectFileType(bytes(0x30, 0x82, 0x06, 0x1f, ...signedData.slice(0, -1), 0x03, 0xa0))).toBeNull();
    expect(detectFileType(bytes(0x30, 0x82, 0x06, 0x1f, 0x30, 0x82, 0x05, 0x07, 0xa0, 0x03))).toBeNull();
  });

  it('refuses what only pretends by its name, and files too short to tell', () => {
    expect(detectFileType(Buffer.from('MZ\x90\x00 this is an exe named factura.pdf'))).toBeNull();
    expect(detectFileType(Buffer.from('<html><body>PDF</body></html>'))).toBeNull();
    expect(detectFileType(Buffer.from('%PD'))).toBeNull();
    expect(detectFileType(Buffer.alloc(0))).toBeNull();
  });
});

describe('uploadFileName', () => {
  it('drops control characters and NULs, then gives the name the extension of what the file is', () => {
    expect(uploadFileName('a.pdf\u0000.html', 'pdf')).toBe('a.pdf');
    expect(uploadFileName('factura.html', 'pdf')).toBe('factura.pdf');
    expect(uploadFileName('foto', 'jpeg')).toBe('foto.jpg');
    expect(uploadFileName('foto.JPEG', 'jpeg')).toBe('foto.JPEG');
    expect(uploadFileName('ine\r\n.png', 'png')).toBe('ine.png');
    expect(uploadFileName('recibo v1.2', 'pdf')).toBe('recibo_v1.2.pdf');
  });

  it("keeps the spec's rule and a fallback for a name that is nothing", () => {
    expect(uploadFileName('Identificación Oficial (José).pdf', 'pdf')).toBe('Identificacion_Oficial_Jose.pdf');
    expect(uploadFileName('\u0000', 'pdf', 'addendum')).toBe('addendum.pdf');
    expect(uploadFileName('.html', 'docx', 'addendum')).toBe('html.docx');
  });
});
