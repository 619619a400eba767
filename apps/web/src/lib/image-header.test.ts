import { describe, expect, it } from 'vitest';
import { readImageSize } from './image-header';

const be16 = (value: number) => [value >> 8, value & 0xff];

/** A JPEG's head as a camera writes it: SOI, an optional EXIF APP1 with Orientation, a DHT, then SOF0 with the size. */
function jpegHead(width: number, height: number, orientation: number | null, littleEndian = false): Blob {
  const parts: number[] = [0xff, 0xd8];
  if (orientation !== null) {
    const u16 = (value: number) => (littleEndian ? [value & 0xff, value >> 8] : be16(value));
    const u32 = (value: number) => (littleEndian ? [value & 0xff, (value >> 8) & 0xff, 0, 0] : [0, 0, (value >> 8) & 0xff, value & 0xff]);
    const tiff = [...(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(42), ...u32(8), ...u16(2), ...u16(0x010f), ...u16(2), ...u32(4), ...[0x41, 0x42, 0x43, 0], ...u16(0x0112), ...u16(3), ...u32(1), ...u16(orientation), 0, 0, ...u32(0)];
    const exif = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    parts.push(0xff, 0xe1, ...be16(exif.length + 2), ...exif);
  }
  parts.push(0xff, 0xc4, ...be16(5), 0, 1, 2);
  parts.push(0xff, 0xc0, ...be16(17), 8, ...be16(height), ...be16(width), 3, ...Array<number>(9).fill(0));
  return new Blob([new Uint8Array([...parts, 0xff, 0xda, 0, 2])], { type: 'image/jpeg' });
}

describe('readImageSize', () => {
  it("reads a JPEG's frame size, turned a quarter when the EXIF says the phone was upright (5–8)", async () => {
    expect(await readImageSize(jpegHead(4000, 3000, null))).toEqual({ width: 4000, height: 3000 });
    expect(await readImageSize(jpegHead(4000, 3000, 1))).toEqual({ width: 4000, height: 3000 });
    expect(await readImageSize(jpegHead(4000, 3000, 3))).toEqual({ width: 4000, height: 3000 });
    expect(await readImageSize(jpegHead(4000, 3000, 6))).toEqual({ width: 3000, height: 4000 });
    expect(await readImageSize(jpegHead(4000, 3000, 8, true))).toEqual({ width: 3000, height: 4000 });
  });

  it("reads a PNG's IHDR", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x0b, 0xb8, 0, 0, 0x07, 0xd0, 8, 2, 0, 0, 0]);
    expect(await readImageSize(new Blob([png]))).toEqual({ width: 3000, height: 2000 });
  });

  it('gives null for what it does not understand', async () => {
    expect(await readImageSize(new Blob(['%PDF-1.4']))).toBeNull();
    expect(await readImageSize(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]))).toBeNull();
  });
});
