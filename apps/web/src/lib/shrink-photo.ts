/**
 * A phone's photo made small enough to send on a phone's connection (issue 30): a 12–50 MP camera
 * JPEG of 3–10 MB becomes a JPEG whose longest side is 2,400 px, about 0.5–1 MB. At 750 Kbps up
 * that is seconds instead of a minute. 2,400 px keeps an INE's smallest print readable, and the
 * quality was chosen by reading a photographed INE back with OCR at several qualities
 * (docs/perf-notes/photos.md has the table).
 *
 * Only the browser's own machinery: the size is read from the file's header (lib/image-header.ts:
 * no decoding, no URL), then `createImageBitmap` decodes and scales in one step, off the main
 * thread in Chromium, honouring the EXIF orientation ('from-image': a portrait photo stays portrait), and
 * the canvas encodes the JPEG (also off the main thread). Whatever the browser cannot do — no
 * createImageBitmap, an image it cannot read — the file goes up as it was: the server still judges it.
 *
 * This module is loaded on demand (`import()` from the upload rows), so no page pays for it before
 * a photo is picked.
 */

import { readImageSize, type ImageSize } from './image-header';

const photoLongestSide = 2400;
/** JPEG quality (0–1) of a shrunk photo: see the OCR table in docs/perf-notes/photos.md. */
const photoQuality = 0.7;
/** An image already this light and within the longest side goes as it is: re-encoding it would gain nothing. */
const keepAsIsBytes = 1_000_000;
/** The new JPEG must save at least this share of the bytes, or the original (one generation fewer) goes. */
const minimumSaving = 0.1;

const shrinkableTypes = new Set(['image/jpeg', 'image/png']);

/** The file to send: a smaller JPEG for a large photo, the same file for anything else. */
export async function shrinkPhoto(file: File, { quality = photoQuality }: { quality?: number } = {}): Promise<File> {
  if (!shrinkableTypes.has(file.type) || typeof createImageBitmap !== 'function') return file;
  try {
    const size = await readImageSize(file);
    if (!size) return file;
    const target = fitWithin(size, photoLongestSide);
    if (target.width === size.width && target.height === size.height && file.size <= keepAsIsBytes) return file;
    const jpeg = await encodeJpeg(file, target, quality);
    if (!jpeg || jpeg.size > file.size * (1 - minimumSaving)) return file;
    return new File([jpeg], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    // A format or a size the browser cannot handle: the server will say what it thinks of it.
    return file;
  }
}

/** The size whose longest side is at most `longest`, same proportions; never larger than the original. */
function fitWithin({ width, height }: ImageSize, longest: number): ImageSize {
  const scale = Math.min(1, longest / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function encodeJpeg(file: Blob, target: ImageSize, quality: number): Promise<Blob | null> {
  const bitmap = await createImageBitmap(file, {
    imageOrientation: 'from-image',
    resizeWidth: target.width,
    resizeHeight: target.height,
    resizeQuality: 'high',
  });
  try {
    // A browser that ignored the resize options still gets the size asked for, by drawImage.
    if (typeof OffscreenCanvas === 'function') {
      const canvas = new OffscreenCanvas(target.width, target.height);
      if (!draw(canvas.getContext('2d'), bitmap, target)) return null;
      return await canvas.convertToBlob({ type: 'image/jpeg', quality });
    }
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    if (!draw(canvas.getContext('2d'), bitmap, target)) return null;
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  } finally {
    bitmap.close();
  }
}

function draw(context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null, bitmap: ImageBitmap, target: ImageSize): boolean {
  if (!context) return false;
  // A transparent PNG would turn black in a JPEG: paper is white.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, target.width, target.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, target.width, target.height);
  return true;
}

/** 'captura.png' → 'captura.jpg': the name says what the content now is. */
function jpegName(name: string): string {
  return /\.jpe?g$/i.test(name) ? name : `${name.replace(/\.[^.]*$/, '')}.jpg`;
}
