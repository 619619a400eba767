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

  it('reads the field of a {{#si}}/{{#no}} block as a name, and refuses a block without its pair', () => {
    expect(templatePlaceholdersIn('{{#si renta.banco}}banco {{renta.banco}}{{/si}}{{#no renta.banco}}la que indique{{/no}}')).toEqual(['renta.banco']);
    expect(unknownPlaceholders('lease', '{{#si renta.banco}}a {{#no renta.clabe}}b{{/no}}{{/si}}')).toEqual([]);
    expect(unknownPlaceholders('lease', '{{#si renta.bancos}}a{{/si}}')).toEqual(['renta.bancos']);
    expect(unknownPlaceholders('lease', '{{#si renta.banco}}a')).toEqual(['#si renta.banco']);
    expect(unknownPlaceholders('lease', 'a{{/no}}')).toEqual(['/no']);
    expect(unknownPlaceholders('lease', '{{#si renta.banco}}a{{/no}}')).toEqual(['/no', '#si renta.banco']);
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
