import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Small files whose first bytes are what they claim (the server judges by content). */
export const sampleFiles = {
  pdf: (text = 'Portal de Pólizas') => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`),
  /** A PNG whose header says its size (the server reads it: issue 28), then random bytes. */
  png: (width = 1200, height = 900) => Buffer.concat([pngSignature, pngChunk('IHDR', pngHeader(width, height)), crypto.randomBytes(256)]),
  /** A JPEG (JFIF, baseline) whose SOF0 says its size; `padding` bytes of APP segments come first, as a camera's EXIF does. */
  jpeg: (width = 1200, height = 900, padding = 0) =>
    Buffer.concat([Buffer.from([0xff, 0xd8]), jfifSegment, ...appSegments(padding), startOfFrame(width, height), crypto.randomBytes(256)]),
  /** A Windows executable: what a renamed 'recibo.pdf' may really be. */
  exe: () => Buffer.concat([Buffer.from('MZ'), crypto.randomBytes(9000)]),
  html: () => Buffer.from('<!doctype html><script>alert(1)</script>'),
};

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return header;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const jfifSegment = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);

/** APP1 segments (as EXIF and XMP are) filling about `bytes`, each at most 64 KiB. */
function appSegments(bytes: number): Buffer[] {
  const segments: Buffer[] = [];
  for (let left = bytes; left > 0; left -= 65_000) {
    const size = Math.min(left, 65_000);
    const segment = Buffer.alloc(size + 4, 0x20);
    segment.set([0xff, 0xe1], 0);
    segment.writeUInt16BE(size + 2, 2);
    segments.push(segment);
  }
  return segments;
}

function startOfFrame(width: number, height: number): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return frame;
}

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

type FormFile = { field: string; content: Buffer; filename?: string; contentType?: string };

/** A multipart/form-data body with text fields and, when given, file parts (after them, as browsers send a FormData built in that order). */
export function multipartForm(fields: Record<string, string>, files?: FormFile | readonly FormFile[]) {
  const boundary = `----portal-test-${crypto.randomUUID()}`;
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  for (const file of files === undefined ? [] : 'field' in files ? [files] : files) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename ?? 'comprobante.pdf'}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`;
    parts.push(Buffer.concat([Buffer.from(head, 'utf8'), file.content, Buffer.from('\r\n')]));
  }
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
