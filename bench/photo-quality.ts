import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { shrinkPhotoScript } from './browser-shrink';
import { inePrintedText, syntheticPhotoScript } from './synthetic-photo';

/**
 * `npm run bench:photo-quality` — which JPEG quality the upload pages shrink photos to (issue 30).
 *
 * A 12 MP camera photo of an INE (bench/synthetic-photo.ts) goes through the web app's own
 * shrinkPhoto at several qualities in Debian's Chromium; the card is cut out of each result
 * (lossless PNG, so only the JPEG's own losses count) and read with Debian's `tesseract`
 * (English model: the card's text is unaccented capitals and digits). Per quality: the bytes, the
 * share of the printed words read back exactly, and whether the two codes a reviewer copies
 * (CURP, clave de elector) came out whole. Two scenes, three photos each: the card filling a
 * quarter and a fifth of the photo's width (taken from further away: the smallest print, where
 * the JPEG's losses show first; with the card at half the width every quality from 0.6 up read
 * the same).
 */

const qualities = [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95];
const scenes = [
  { name: 'card ¼ of the width', cardWidth: 1000 },
  { name: 'card ⅕ of the width', cardWidth: 800 },
];
const codes = ['LOHG850312MDFPRD09', 'LPHRMR85031209M700'];

interface Reading {
  quality: string;
  bytes: number;
  size: string;
  wordsRead: number;
  codesRead: number;
  characterErrors: number;
}

const words = inePrintedText.flatMap((line) => line.split(/[\s,]+/)).filter((word) => word.length > 1);

/** Edits to turn `printed` into the closest stretch of `read` (what OCR adds around it is free). */
function editsWithin(printed: string, read: string): number {
  let previous: number[] = Array.from({ length: read.length + 1 }, () => 0);
  for (let i = 1; i <= printed.length; i++) {
    const row = [i];
    for (let j = 1; j <= read.length; j++) {
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (printed[i - 1] === read[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return Math.min(...previous);
}

/**
 * Words read exactly, the two codes read whole, and the character error rate: each printed line
 * against the closest stretch of any line OCR gave (OCR may join or reorder lines).
 */
function judge(text: string): { wordsRead: number; codesRead: number; characterErrors: number } {
  const upper = text.toUpperCase();
  const read = new Set(upper.split(/[^A-Z0-9/-]+/));
  const ocrLines = upper.split('\n').map((line) => line.trim()).filter(Boolean);
  let errors = 0;
  let characters = 0;
  for (const line of inePrintedText) {
    characters += line.length;
    errors += Math.min(line.length, ...ocrLines.map((candidate) => editsWithin(line, candidate)));
  }
  return {
    wordsRead: words.filter((word) => read.has(word)).length / words.length,
    codesRead: codes.filter((code) => read.has(code)).length,
    characterErrors: errors / characters,
  };
}

function ocr(pngPath: string): string {
  return execFileSync('tesseract', [pngPath, 'stdout', '--psm', '3'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

// In the page: the photo, then per quality the shrunk file's size and the card cut out as a PNG.
const cutScript = `window.readings = async (photoBase64, card, qualities) => {
  const bytes = Uint8Array.from(atob(photoBase64), (c) => c.charCodeAt(0));
  const photo = new File([bytes], 'ine.jpg', { type: 'image/jpeg' });
  const cut = async (file) => {
    const bitmap = await createImageBitmap(file);
    const m = 0.04;
    const sx = Math.round((card.x - m) * bitmap.width), sy = Math.round((card.y - m) * bitmap.height);
    const sw = Math.round((card.width + 2 * m) * bitmap.width), sh = Math.round((card.height + 2 * m) * bitmap.height);
    const canvas = new OffscreenCanvas(sw, sh);
    canvas.getContext('2d').drawImage(bitmap, sx, sy, sw, sh, 0, 0, sw, sh);
    const png = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    let binary = '';
    for (let i = 0; i < png.length; i += 0x8000) binary += String.fromCharCode.apply(null, png.subarray(i, i + 0x8000));
    return { png: btoa(binary), size: bitmap.width + '×' + bitmap.height };
  };
  const results = [{ quality: 'camera original', bytes: photo.size, ...(await cut(photo)) }];
  for (const quality of qualities) {
    const shrunk = await window.photoShrink.shrinkPhoto(photo, { quality });
    results.push({ quality: String(quality), bytes: shrunk.size, ...(await cut(shrunk)) });
  }
  return results;
};`;

const seeds = [7, 11, 13];

async function readScene(page: Page, directory: string, cardWidth: number, seed: number): Promise<Reading[]> {
  const photo = (await page.evaluate(`window.syntheticPhoto(${JSON.stringify({ width: 4000, height: 3000, cardWidth, seed })})`)) as { base64: string; card: unknown };
  const results = (await page.evaluate(`window.readings(${JSON.stringify(photo.base64)}, ${JSON.stringify(photo.card)}, ${JSON.stringify(qualities)})`)) as Array<{
    quality: string;
    bytes: number;
    png: string;
    size: string;
  }>;
  const readings: Reading[] = [];
  for (const [index, result] of results.entries()) {
    const file = path.join(directory, `${cardWidth}-${seed}-${index}.png`);
    await fs.writeFile(file, Buffer.from(result.png, 'base64'));
    readings.push({ quality: result.quality, bytes: result.bytes, size: result.size, ...judge(ocr(file)) });
  }
  return readings;
}

async function main() {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-quality-'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const lines: string[] = [];
  try {
    const page = await browser.newPage();
    await page.evaluate(syntheticPhotoScript);
    await page.evaluate(await shrinkPhotoScript());
    await page.evaluate(cutScript);
    for (const scene of scenes) {
      // Three photos (different noise) per scene: one OCR reading alone is too noisy to rank qualities.
      const bySeed: Reading[][] = [];
      for (const seed of seeds) bySeed.push(await readScene(page, directory, scene.cardWidth, seed));
      lines.push(`**${scene.name}** (4000×3000 camera JPEG, card ${scene.cardWidth} px wide; mean of ${seeds.length} photos)`, '');
      lines.push('| quality | image | KB | words read | character errors | CURP + clave read |', '|---|---|---:|---:|---:|---:|');
      for (const [index, first] of (bySeed[0] ?? []).entries()) {
        const mean = (pick: (r: Reading) => number) => bySeed.reduce((sum, readings) => sum + pick(readings[index] ?? first), 0) / bySeed.length;
        const kb = Math.round(mean((r) => r.bytes) / 1000).toLocaleString('en-US');
        const codesRead = bySeed.reduce((sum, readings) => sum + (readings[index]?.codesRead ?? 0), 0);
        lines.push(
          `| ${first.quality} | ${first.size} | ${kb} | ${Math.round(mean((r) => r.wordsRead) * 100)} % | ${(mean((r) => r.characterErrors) * 100).toFixed(1)} % | ${codesRead} of ${2 * bySeed.length} |`,
        );
      }
      lines.push('');
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(`${lines.join('\n')}\nCut-outs kept in ${directory}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
