import { describe, expect, it } from 'vitest';

import { contractPlaceholders, templatePlaceholdersIn, unknownPlaceholders } from './placeholders';

describe('template placeholders', () => {
  it('lists each name once, in order, spaces inside the braces ignored', () => {
    expect(templatePlaceholdersIn('{{a.b}} y {{ c.d }} y {{a.b}}')).toEqual(['a.b', 'c.d']);
    expect(templatePlaceholdersIn('sin campos { {x} }')).toEqual([]);
  });

  it('refuses unknown names, and the pagaré fields outside the pagaré', () => {
    expect(unknownPlaceholders('lease', '{{arrendador.nombre}} {{inquilino}} {{pagare.numero}}')).toEqual(['inquilino', 'pagare.numero']);
    expect(unknownPlaceholders('promissory_notes', '{{pagare.numero}} {{renta.importe_letra}}')).toEqual([]);
    expect(unknownPlaceholders('policy', '{{}}')).toEqual(['']);
  });

  it('has unique keys, each with a Spanish label and at least one kind', () => {
    const keys = contractPlaceholders.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const placeholder of contractPlaceholders) {
      expect(placeholder.label.length).toBeGreaterThan(3);
      expect(placeholder.kinds.length).toBeGreaterThan(0);
    }
  });
});
