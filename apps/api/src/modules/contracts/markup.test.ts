import { describe, expect, it } from 'vitest';
import { contractDocumentKinds, unknownPlaceholders } from '@portal/domain';
import { defaultTemplateBodies } from './default-templates';
import { renderMarkup, resolveBlocks } from './markup';

describe('the default templates', () => {
  it.each(contractDocumentKinds)('%s uses only known placeholders and has signature blocks', (kind) => {
    expect(unknownPlaceholders(kind, defaultTemplateBodies[kind])).toEqual([]);
    expect(defaultTemplateBodies[kind]).toContain('[[firmas]]');
  });
});

describe('renderMarkup', () => {
  const values = { 'arrendador.nombre': 'Ana **Ruiz**', vacio: '' };

  it('reads titles, headings, paragraphs, bold and placeholders; values stay text', () => {
    const content = renderMarkup('# Título\n\n## Primera\n\nEl **arrendador** es {{arrendador.nombre}}\nsegunda línea', values, []);
    expect(content).toEqual([
      { text: [{ text: 'Título' }], style: 'title' },
      { text: [{ text: 'Primera' }], style: 'heading' },
      {
        text: [{ text: 'El ' }, { text: 'arrendador', bold: true }, { text: ' es Ana **Ruiz**' }, { text: '\n' }, { text: 'segunda línea' }],
        style: 'paragraph',
      },
    ]);
  });

  it('drops a paragraph its placeholders leave empty, and expands the markers', () => {
    const content = renderMarkup('{{vacio}}\n\n[[salto]]\n\n[[firmas]]\n\n[[otro]]', values, [{ role: 'EL ARRENDADOR', name: 'Ana' }]);
    expect(content).toHaveLength(3);
    expect(content[0]).toEqual({ text: '', pageBreak: 'after' });
    expect(JSON.stringify(content[1])).toContain('EL ARRENDADOR');
    // An unknown marker is text, not silently lost.
    expect(content[2]).toEqual({ text: [{ text: '[[otro]]' }], style: 'paragraph' });
  });

  it("draws the caller's blocks where the text names them alone on a line (the rent statement's tables)", () => {
    const table = { table: { body: [[{ text: 'enero 2027' }]] } };
    const content = renderMarkup('Antes\n\n[[meses]]\n\n[[pagos]]', values, [], { meses: table });
    expect(content).toEqual([{ text: [{ text: 'Antes' }], style: 'paragraph' }, table, { text: [{ text: '[[pagos]]' }], style: 'paragraph' }]);
    // A name of Object's own is no block.
    expect(renderMarkup('[[constructor]]', values, [], { meses: table })).toEqual([{ text: [{ text: '[[constructor]]' }], style: 'paragraph' }]);
  });
});

describe("the rent statement's default template", () => {
  it('uses only its known placeholders and draws both tables', () => {
    expect(unknownPlaceholders('rent_statement', defaultTemplateBodies.rent_statement)).toEqual([]);
    expect(defaultTemplateBodies.rent_statement).toMatch(/^\[\[meses\]\]$/m);
    expect(defaultTemplateBodies.rent_statement).toMatch(/^\[\[pagos\]\]$/m);
  });
});

describe('{{#si}} and {{#no}} blocks', () => {
  const values = { 'renta.banco': 'BBVA', 'renta.clabe': '', 'inmueble.estacionamientos': '', nombre: '**X**' };

  it('keep their text only when the field has a value (si) or has none (no), nested and across lines', () => {
    const body = 'Pago {{#si renta.banco}}al banco {{renta.banco}}{{#si renta.clabe}}, CLABE {{renta.clabe}}{{/si}}{{/si}}{{#no renta.banco}}donde indique{{/no}}.\n{{#si inmueble.estacionamientos}}Con cajones.\n{{/si}}Fin {{#no campo.inexistente}}sin valor{{/no}}';
    expect(resolveBlocks(body, values)).toBe('Pago al banco {{renta.banco}}.\nFin sin valor');
  });

  it('reads a value only as a value: a value that looks like a block tag stays text', () => {
    const content = renderMarkup('{{#si nombre}}Hola {{nombre}}{{/si}}', { nombre: '{{#no x}}no{{/no}}' }, []);
    expect(content).toEqual([{ text: [{ text: 'Hola {{#no x}}no{{/no}}' }], style: 'paragraph' }]);
  });
});

describe('bold text and punctuation', () => {
  it('puts the punctuation glued to bold text in the bold run: no run of its own for a justified line to push away', () => {
    const content = renderMarkup('Por una parte, **{{nombre}}**, a quien; «**EL ARRENDADOR**».', { nombre: 'Jorge Ramírez Soto' }, []);
    expect(content).toEqual([
      {
        text: [{ text: 'Por una parte, ' }, { text: 'Jorge Ramírez Soto,', bold: true }, { text: ' a quien; ' }, { text: '«EL ARRENDADOR».', bold: true }],
        style: 'paragraph',
      },
    ]);
  });
});
