import { imageSize } from 'image-size';

/**
 * The largest image an upload may be, in pixels (issue 28). A phone photo is 12–50 megapixels
 * (a 64 MP camera's 9248 × 6936 fits); 100 MP still opens in a phone's browser (about 400 MB once
 * decoded), while a 20,000 × 20,000 PNG of 389 KB would need 1.6 GB in every browser and PDF
 * reader that shows it. A scan of a paper never needs more.
 */
export const maxImageMegapixels = 100;
const maxImagePixels = maxImageMegapixels * 1_000_000;

/**
 * How far into a file its dimensions are looked for. A PNG says them in its first 24 bytes; a
 * JPEG after its APP segments (EXIF with its thumbnail, ICC profile, XMP: up to 64 KiB each), so
 * 512 KiB holds every camera's. Reading stops there: a header hidden further is refused.
 */
export const imageHeaderSearchBytes = 512 * 1024;

export interface ImageDimensions {
  width: number;
  height: number;
}

/** Width and height from the file's header (PNG IHDR, JPEG SOF), or null while they cannot be read from `head`. */
export function imageDimensions(head: Buffer): ImageDimensions | null {
  try {
    const { width, height } = imageSize(head);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    // Cut before the size, or no size at all: the caller reads on or refuses.
    return null;
  }
}

export function isOverPixelLimit({ width, height }: ImageDimensions): boolean {
  return width * height > maxImagePixels;
}
