import { describe, expect, it } from 'vitest';
import { documentChecklist, isChecklistComplete } from './document-checklist';

const basica = { policyType: 'basica' as const, hasGuarantor: false };
const summary = (items: ReturnType<typeof documentChecklist>) => items.map((item) => `${item.slot} ${item.present}/${item.expected}`);

describe('documentChecklist', () => {
  it('lists what the type asks for, in the upload screen order, all missing when nothing is stored', () => {
    const items = documentChecklist(basica, []);
    expect(summary(items)).toEqual(['tenantId 0/1', 'incomeProof 0/3', 'employmentLetter 0/1', 'utilities 0/1', 'ownerId 0/1']);
    expect(items[1]).toMatchObject({ label: 'Comprobantes de ingresos', hint: 'Últimos 3 recibos de nómina o estados de cuenta' });
    expect(items[0]!.hint).toBeNull();
    expect(isChecklistComplete(items)).toBe(false);
  });

  it('counts each income proof once, and ignores slots the type does not ask for', () => {
    const items = documentChecklist(basica, [
      { documentType: 'incomeProof', identificationType: null },
      { documentType: 'incomeProof2', identificationType: null },
      { documentType: 'guarantorDeed', identificationType: null },
      { documentType: 'nonsense', identificationType: null },
    ]);
    expect(summary(items)).toContain('incomeProof 2/3');
    expect(items.some((item) => item.slot === 'guarantorDeed')).toBe(false);
  });

  it("asks for an identification's back side right after it when it was stored as 'INE separada'", () => {
    const items = documentChecklist(basica, [
      { documentType: 'tenantId', identificationType: 'ineSeparada' },
      { documentType: 'ownerId', identificationType: 'ine' },
    ]);
    expect(summary(items).slice(0, 2)).toEqual(['tenantId 1/1', 'tenantIdBack 0/1']);
    expect(items[1]!.label).toBe('INE parte trasera del inquilino');
    expect(items.some((item) => item.slot === 'ownerIdBack')).toBe(false);
  });

  it('is complete when every slot has its files (Plus with a guarantor)', () => {
    const documents = ['tenantId', 'incomeProof', 'incomeProof1', 'incomeProof2', 'guarantorId', 'guarantorDeed', 'ownerId'].map((documentType) => ({
      documentType,
      identificationType: null,
    }));
    const items = documentChecklist({ policyType: 'plus', hasGuarantor: true }, documents);
    expect(items.map((item) => item.slot)).toEqual(['tenantId', 'incomeProof', 'guarantorId', 'guarantorDeed', 'ownerId']);
    expect(isChecklistComplete(items)).toBe(true);
  });
});
