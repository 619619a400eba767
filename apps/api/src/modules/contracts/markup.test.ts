import { describe, expect, it } from 'vitest';
import { contractDocumentKinds, unknownPlaceholders } from '@portal/domain';
import { defaultTemplateBodies } from './default-templates';
import { renderMarkup } from './markup';

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
});
