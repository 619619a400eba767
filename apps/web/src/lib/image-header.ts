/**
 * A photo's size as it is shown — after its EXIF orientation, so a phone held upright gives a
 * portrait — read from the file's first bytes, without decoding a pixel or loading it through a
 * URL. JPEG: the EXIF Orientation tag (APP1) and the frame header (SOFn); PNG: the IHDR chunk.
 * Null for anything else or a header this does not understand: the caller then sends the file
 * as it is and the server judges it.
 */

export interface ImageSize {
  width: number;
  height: number;
}

/** Cameras put EXIF (with its thumbnail) and the frame header within the first 64–128 KiB. */
const headBytes = 256 * 1024;

export async function readImageSize(file: Blob): Promise<ImageSize | null> {
  const head = new DataView(await file.slice(0, headBytes).arrayBuffer());
  if (head.byteLength > 24 && head.getUint32(0) === 0x89504e47) return { width: head.getUint32(16), height: head.getUint32(20) };
  if (head.byteLength > 4 && head.getUint16(0) === 0xffd8) return jpegSize(head);
  return null;
}

function jpegSize(head: DataView): ImageSize | null {
  let orientation = 1;
  let offset = 2;
  while (offset + 9 < head.byteLength && head.getUint8(offset) === 0xff) {
    const marker = head.getUint8(offset + 1);
    const length = head.getUint16(offset + 2);
    if (marker === 0xe1 && head.getUint32(offset + 4) === 0x45786966) orientation = exifOrientation(head, offset + 10, length - 8) ?? orientation;
    // Start of frame (SOF0–SOF15), but not DHT (C4), JPG (C8) or DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = head.getUint16(offset + 5);
      const width = head.getUint16(offset + 7);
      // Orientations 5–8 turn the picture a quarter: what is shown is the other way round.
      return orientation >= 5 ? { width: height, height: width } : { width, height };
    }
    offset += 2 + length;
  }
  return null;
}

/** The Orientation tag (0x0112) of the first IFD of the EXIF's TIFF block starting at `start`. */
function exifOrientation(head: DataView, start: number, length: number): number | null {
  const end = Math.min(head.byteLength, start + length);
  if (start + 8 > end) return null;
  const little = head.getUint16(start) === 0x4949;
  const ifd = start + head.getUint32(start + 4, little);
  if (ifd + 2 > end) return null;
  const entries = head.getUint16(ifd, little);
  for (let index = 0; index < entries; index++) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > end) return null;
    if (head.getUint16(entry, little) === 0x0112) return head.getUint16(entry + 8, little);
  }
  return null;
}
