import type { Content } from 'pdfmake/interfaces';

/*
 * The templates' light markup (decision 016), turned into pdfmake content:
 *   # Título            the document's title (centred, bold)
 *   ## Cláusula         a heading (bold)
 *   blank line          ends a paragraph; a single line break stays a line break
 *   **negrita**         bold, inside any line
 *   {{campo}}           a placeholder (packages/domain contracts/placeholders.ts)
 *   {{#si campo}}…{{/si}}  text kept only when the field has a value (issue 29: a missing or zero
 *   {{#no campo}}…{{/no}}  value gets its own sentence, or none, never a placeholder); «no» keeps
 *                       its text only when the field is empty. Blocks may span lines and nest.
 *   [[firmas]]          the signature blocks of every party of the document
 *   [[salto]]           a page break
 *   [[meses]], [[pagos]] a table the caller draws (the rent statement's: `blocks` of renderMarkup);
 *                       any other [[…]] is plain text, as before
 * Blocks are resolved on the template's text, before anything else: a value is never read as markup.
 * Values are substituted after the bold markers are read, so a name with asterisks stays text.
 * A paragraph that is empty once its placeholders are filled (a clause for a guarantor the policy
 * type does not have) is left out.
 */

export interface Signature {
  /** The party's role under the line ('EL ARRENDADOR', 'AVAL'…). */
  role: string;
  name: string;
}

export type PlaceholderValues = Readonly<Record<string, string>>;

type TextBlock = { kind: 'title' | 'heading' | 'paragraph'; lines: string[] };
type Block = TextBlock | { kind: 'signatures' | 'pageBreak' } | { kind: 'named'; name: string; line: string };

const markers: Record<string, 'signatures' | 'pageBreak'> = { firmas: 'signatures', salto: 'pageBreak' };

function parseBlocks(body: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', lines: paragraph });
    paragraph = [];
  };
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const marker = /^\[\[\s*([a-z_]+)\s*\]\]$/.exec(line)?.[1];
    if (line === '') endParagraph();
    else if (line.startsWith('## ')) {
      endParagraph();
      blocks.push({ kind: 'heading', lines: [line.slice(3)] });
    } else if (line.startsWith('# ')) {
      endParagraph();
      blocks.push({ kind: 'title', lines: [line.slice(2)] });
    } else if (marker && Object.hasOwn(markers, marker)) {
      endParagraph();
      blocks.push({ kind: markers[marker]! });
    } else if (marker) {
      endParagraph();
      blocks.push({ kind: 'named', name: marker, line });
    } else paragraph.push(line);
  }
  endParagraph();
  return blocks;
}

const hasValue = (value: string | undefined) => value !== undefined && value.trim() !== '';

// An innermost block: its text holds no other block's opening or closing tag.
const innermostBlock = /\{\{\s*#(si|no)\s+([^{}\s]+)\s*\}\}((?:(?!\{\{\s*[#/](?:si|no)\b)[\s\S])*?)\{\{\s*\/\1\s*\}\}/g;

/** The template's text with each {{#si}}/{{#no}} block kept or dropped by its field's value, innermost first. */
export function resolveBlocks(body: string, values: PlaceholderValues): string {
  let resolved = body;
  for (let previous = ''; previous !== resolved; ) {
    previous = resolved;
    resolved = resolved.replace(innermostBlock, (_, kind: string, key: string, text: string) => (hasValue(values[key]) === (kind === 'si') ? text : ''));
  }
  return resolved;
}

function fill(text: string, values: PlaceholderValues): string {
  return text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (_, key: string) => values[key] ?? '');
}

type Run = { text: string; bold?: boolean };

const leadingPunctuation = /^[^\s\p{L}\p{N}]+/u;
const trailingPunctuation = /[^\s\p{L}\p{N}]+$/u;

/**
 * Punctuation glued to a bold run joins that run ('**Jorge Ramírez Soto**,' → 'Jorge Ramírez
 * Soto,' bold). pdfmake lays out each run on its own and a justified line spreads its spare width
 * between runs, so a comma in a run of its own stood apart: 'Jorge Ramírez Soto ,'.
 */
function glueBoldPunctuation(runs: Run[]): Run[] {
  const glued = runs.map((run) => ({ ...run }));
  for (let index = 1; index < glued.length; index++) {
    const before = glued[index - 1]!;
    const after = glued[index]!;
    if (before.bold && !after.bold) {
      const punctuation = leadingPunctuation.exec(after.text)?.[0] ?? '';
      before.text += punctuation;
      after.text = after.text.slice(punctuation.length);
    } else if (!before.bold && after.bold) {
      const punctuation = trailingPunctuation.exec(before.text)?.[0] ?? '';
      before.text = before.text.slice(0, before.text.length - punctuation.length);
      after.text = punctuation + after.text;
    }
  }
  return glued;
}

/** One line's runs: the text between '**' pairs is bold. */
function inlineRuns(line: string, values: PlaceholderValues): Run[] {
  const runs = line.split('**').map((part, index) => ({ text: fill(part, values), bold: index % 2 === 1 }));
  return glueBoldPunctuation(runs.filter((run) => run.text !== ''))
    .filter((run) => run.text !== '')
    .map((run) => (run.bold ? run : { text: run.text }));
}

function textBlock(lines: string[], values: PlaceholderValues): Array<{ text: string; bold?: boolean }> {
  return lines.flatMap((line, index) => [...(index > 0 ? [{ text: '\n' }] : []), ...inlineRuns(line, values)]);
}

function signatureBlocks(signatures: readonly Signature[]): Content {
  const cell = (signature: Signature | undefined): Content =>
    signature
      ? {
          stack: [
            { text: '\n\n\n_________________________________', alignment: 'center' },
            { text: signature.name, bold: true, alignment: 'center' },
            { text: signature.role, alignment: 'center', fontSize: 9 },
          ],
          unbreakable: true,
        }
      : { text: '' };
  const rows: Content[][] = [];
  for (let index = 0; index < signatures.length; index += 2) rows.push([cell(signatures[index]), cell(signatures[index + 1])]);
  return { table: { widths: ['*', '*'], body: rows, dontBreakRows: true }, layout: 'noBorders', margin: [0, 12, 0, 0] };
}

/** Content the caller draws where the text names it alone on a line ('[[meses]]' → blocks.meses). */
export type NamedBlocks = Readonly<Record<string, Content>>;

/** The body of one document (or of one pagaré) as pdfmake content. */
export function renderMarkup(body: string, values: PlaceholderValues, signatures: readonly Signature[], blocks: NamedBlocks = {}): Content[] {
  const content: Content[] = [];
  for (const block of parseBlocks(resolveBlocks(body, values))) {
    if (block.kind === 'signatures') content.push(signatureBlocks(signatures));
    else if (block.kind === 'pageBreak') content.push({ text: '', pageBreak: 'after' });
    else if (block.kind === 'named') {
      const named = Object.hasOwn(blocks, block.name) ? blocks[block.name] : undefined;
      // A marker this document does not draw stays the text it was (a contract's '[[meses]]').
      content.push(named ?? { text: textBlock([block.line], values), style: 'paragraph' });
    } else if ('lines' in block) {
      const runs = textBlock(block.lines, values);
      if (runs.every((run) => run.text.trim() === '')) continue;
      content.push({ text: runs, style: block.kind });
    }
  }
  return content;
}
