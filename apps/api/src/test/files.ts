import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Small files whose first bytes are what they claim (the server judges by content). */
export const sampleFiles = {
  pdf: (text = 'Portal de Pólizas') => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`),
  png: () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(256)]),
  jpeg: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(256)]),
  /** A Windows executable: what a renamed 'recibo.pdf' may really be. */
  exe: () => Buffer.concat([Buffer.from('MZ'), crypto.randomBytes(9000)]),
  html: () => Buffer.from('<!doctype html><script>alert(1)</script>'),
};

/**
 * A multipart/form-data body with one file part, built by hand so a test controls every byte
 * (the part's name, a hostile file name).
 */
export function multipartFile(content: Buffer, filename = 'documento.pdf', options: { field?: string; contentType?: string } = {}) {
  const boundary = `----portal-test-${crypto.randomUUID()}`;
  const head = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${filename}"`,
    `Content-Type: ${options.contentType ?? 'application/octet-stream'}`,
    '',
    '',
  ].join('\r\n');
  return {
    payload: Buffer.concat([Buffer.from(head, 'utf8'), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const sha256 = (content: Buffer) => crypto.createHash('sha256').update(content).digest('hex');

/** Every file under a directory, as paths relative to it (the store's contents). */
export function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}
