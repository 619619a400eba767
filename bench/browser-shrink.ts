import path from 'node:path';
import { build } from 'esbuild';

/**
 * The web app's own shrinking (apps/web/src/lib/shrink-photo.ts), bundled for a page: the OCR
 * table judges exactly the code the upload pages run. Evaluated in the page, it sets
 * `window.photoShrink.shrinkPhoto(file, { quality })`.
 */
export async function shrinkPhotoScript(): Promise<string> {
  const result = await build({
    entryPoints: [path.resolve(import.meta.dirname, '../apps/web/src/lib/shrink-photo.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'photoShrink',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild gave no output for shrink-photo.ts');
  // A page.evaluate runs the text in a function: the global must be set by hand.
  return `${output.text}\nwindow.photoShrink = photoShrink;`;
}
