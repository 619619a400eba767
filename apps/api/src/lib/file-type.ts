import { normaliseFileName } from '@portal/domain';

/**
 * What a file is, read from its first bytes rather than from its name or the browser's word:
 * uploads are accepted by content (a renamed .exe is not a PDF).
 */
export type DetectedFileType = 'pdf' | 'jpeg' | 'png' | 'doc' | 'docx' | 'xml' | 'p7s';

export const fileTypeMime: Record<DetectedFileType, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xml: 'application/xml',
  p7s: 'application/pkcs7-signature',
};

export const fileTypeExtension: Record<DetectedFileType, string> = { pdf: '.pdf', jpeg: '.jpg', png: '.png', doc: '.doc', docx: '.docx', xml: '.xml', p7s: '.p7s' };

/** Bytes a caller should collect before asking: enough for every signature below. */
export const fileTypeSniffBytes = 8192;

const startsWith = (head: Buffer, signature: number[], offset = 0) =>
  head.length >= offset + signature.length && signature.every((byte, index) => head[offset + index] === byte);

const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const jpeg = [0xff, 0xd8, 0xff];
const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const oleCompoundFile = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // .doc (and .xls, .ppt)
const zip = [0x50, 0x4b, 0x03, 0x04];
const xmlDeclaration = [...Buffer.from('<?xml ')]; // a CFDI stamped by a PAC (issue 34): no upload accepts it
const signedDataOid = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]; // id-signedData (1.2.840.113549.1.7.2)

/**
 * A CMS SignedData in DER or BER (an e.firma signature's .p7s, issue 35: no upload accepts it): a
 * SEQUENCE whose length takes 1 to 5 bytes (or is indefinite), then the signedData OID.
 */
function isSignedData(head: Buffer): boolean {
  if (head[0] !== 0x30 || head.length < 2) return false;
  const first = head[1]!;
  const lengthBytes = first < 0x80 || first === 0x80 ? 1 : 1 + (first & 0x7f);
  return lengthBytes <= 5 && startsWith(head, signedDataOid, 1 + lengthBytes);
}

export function detectFileType(head: Buffer): DetectedFileType | null {
  if (startsWith(head, pdf)) return 'pdf';
  if (startsWith(head, png)) return 'png';
  if (startsWith(head, jpeg)) return 'jpeg';
  if (startsWith(head, oleCompoundFile)) return 'doc';
  // A .docx is a zip whose first parts include word/… (Word writes them within the first few KB);
  // an .xlsx or a plain zip is not one.
  if (startsWith(head, zip) && head.includes('word/')) return 'docx';
  if (startsWith(head, xmlDeclaration) || startsWith(head, [0xef, 0xbb, 0xbf, ...xmlDeclaration])) return 'xml';
  if (isSignedData(head)) return 'p7s';
  return null;
}

/** The extensions a name may keep for each stored type ('.jpeg' is a JPEG as much as '.jpg'). */
const acceptedExtensions: Record<DetectedFileType, readonly string[]> = {
  pdf: ['.pdf'],
  jpeg: ['.jpg', '.jpeg'],
  png: ['.png'],
  doc: ['.doc'],
  docx: ['.docx'],
  xml: ['.xml'],
  p7s: ['.p7s'],
};

/**
 * The name a download is saved under: the original name, but with the extension of what the
 * file is. An upload named 'factura.html' that is a PDF is saved as 'factura.pdf', so no
 * download ever opens as a page or a program on the user's computer (issue 19).
 */
export function downloadNameFor(originalName: string, mimeType: string): string {
  const type = (Object.keys(fileTypeMime) as DetectedFileType[]).find((candidate) => fileTypeMime[candidate] === mimeType);
  if (!type) return originalName;
  const dot = originalName.lastIndexOf('.');
  const extension = dot > 0 ? originalName.slice(dot).toLowerCase() : '';
  if (acceptedExtensions[type].includes(extension)) return originalName;
  const stem = extension ? originalName.slice(0, dot) : originalName;
  return `${stem || 'archivo'}${fileTypeExtension[type]}`;
}

/** A name's last part that reads as a file extension ('.html', '.pdf'); 'v1.2' has none. */
const extensionLike = /\.[a-z][a-z0-9]{0,4}$/i;

/**
 * The name an upload is recorded under (issue 28): control characters and NULs dropped, the spec's
 * rule (normaliseFileName), then the extension of what the bytes are. 'a.pdf\0.html' that is a PDF
 * is recorded as 'a.pdf' (not 'a.pdf.html'), 'foto' that is a JPEG as 'foto.jpg': no name a person
 * or a program reads says the file is something else.
 */
export function uploadFileName(clientName: string, type: DetectedFileType, fallback = 'documento'): string {
  const cleaned = normaliseFileName(clientName.replace(/\p{Cc}/gu, ''), fallback);
  const extension = extensionLike.exec(cleaned)?.[0] ?? '';
  if (acceptedExtensions[type].includes(extension.toLowerCase())) return cleaned;
  const stem = cleaned.slice(0, cleaned.length - extension.length) || fallback;
  // 'a.pdf.html' keeps the '.pdf' it already has rather than becoming 'a.pdf.pdf'.
  const inner = extensionLike.exec(stem)?.[0] ?? '';
  if (inner && inner.length < stem.length && acceptedExtensions[type].includes(inner.toLowerCase())) return stem;
  return `${stem}${fileTypeExtension[type]}`;
}
