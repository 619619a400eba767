import { describe, expect, it } from 'vitest';
import { claimDocumentKinds, collectionLetterKinds, courtImitationTerm, unknownPlaceholders } from '@portal/domain';
import { filledText } from './claim-documents';
import { defaultTemplateBodies } from './default-templates';

// An incidencia's default texts (issue 33): drafts the templates admin would accept as they are.
describe("the incidencias' default templates", () => {
  it.each(claimDocumentKinds)('%s uses only its known placeholders', (kind) => {
    expect(unknownPlaceholders(kind, defaultTemplateBodies[kind])).toEqual([]);
  });

  it.each(collectionLetterKinds)('%s names no court, judge or court paper, and is signed', (kind) => {
    expect(courtImitationTerm(defaultTemplateBodies[kind])).toBeNull();
    expect(defaultTemplateBodies[kind]).toContain('[[firmas]]');
  });

  it("keeps a case's own fields out of the contracts' texts, and the demand's facts out of the letters", () => {
    expect(unknownPlaceholders('lease', '{{incidencia.total}}')).toEqual(['incidencia.total']);
    expect(unknownPlaceholders('rent_statement', '{{pagares.lista}}')).toEqual(['pagares.lista']);
    expect(unknownPlaceholders('payment_demand', '{{demanda.hechos}} {{renta.importe}}')).toEqual(['demanda.hechos']);
    expect(unknownPlaceholders('lawsuit_summary', '{{demanda.hechos}} {{renta.importe}} {{pagare.numero}}')).toEqual(['pagare.numero']);
  });

  it('checks the text as it will read once filled: a value can bring a court-like term in', () => {
    expect(filledText('Estimado {{arrendatario.nombre}}: {{otro}}', { 'arrendatario.nombre': 'Sr. Actuario López' })).toBe('Estimado Sr. Actuario López: ');
    expect(courtImitationTerm(filledText('{{x}}', { x: 'Poder Judicial' }))).toBe('poder judicial');
  });
});
