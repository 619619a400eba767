import { describe, expect, it } from 'vitest';
import { investigationDecisionInputSchema, missingDocuments } from '../index';

const doc = (documentType: string, identificationType: 'ine' | 'pasaporte' | 'ineSeparada' | null = null) => ({ documentType, identificationType });
const slotsOf = (missing: ReturnType<typeof missingDocuments>) => missing.map((document) => document.slot);

describe('missing documents', () => {
  it('lists every required document of an empty file, in the upload screen order', () => {
    expect(slotsOf(missingDocuments({ policyType: 'basica', hasGuarantor: false }, []))).toEqual([
      'tenantId',
      'incomeProof',
      'employmentLetter',
      'utilities',
      'ownerId',
    ]);
    expect(missingDocuments({ policyType: 'plus', hasGuarantor: true }, [])).toContainEqual({ slot: 'guarantorDeed', label: 'Escrituras del inmueble en garantía' });
  });

  it('counts a slot with any of its files, and asks the back of an INE separada', () => {
    const documents = [doc('tenantId', 'ineSeparada'), doc('incomeProof2'), doc('employmentLetter'), doc('utilities'), doc('ownerId', 'ine')];
    expect(missingDocuments({ policyType: 'garantiaPlus', hasGuarantor: false }, documents)).toEqual([
      { slot: 'tenantIdBack', label: 'INE parte trasera del inquilino' },
    ]);
    expect(missingDocuments({ policyType: 'garantiaPlus', hasGuarantor: false }, [...documents, doc('tenantIdBack', 'ineSeparada')])).toEqual([]);
  });

  it("ignores a guarantor's papers the policy does not ask for", () => {
    const documents = [doc('tenantId'), doc('incomeProof'), doc('ownerId')];
    expect(slotsOf(missingDocuments({ policyType: 'plus', hasGuarantor: false }, documents))).toEqual([]);
  });
});

describe('the decision input', () => {
  it('takes an optional trimmed reason and a confirmation as JSON or query text', () => {
    expect(investigationDecisionInputSchema.parse({})).toEqual({ reason: '', confirmMissing: false });
    expect(investigationDecisionInputSchema.parse({ reason: '  Todo en orden ', confirmMissing: 'true' })).toEqual({ reason: 'Todo en orden', confirmMissing: true });
    expect(investigationDecisionInputSchema.parse({ reason: null, confirmMissing: false })).toEqual({ reason: '', confirmMissing: false });
  });

  it('names the field in Spanish when the reason is too long or the flag unreadable', () => {
    const long = investigationDecisionInputSchema.safeParse({ reason: 'x'.repeat(501) });
    expect(long.error?.issues[0]?.message).toBe('El campo Motivo admite como máximo 500 caracteres');
    const flag = investigationDecisionInputSchema.safeParse({ confirmMissing: 'sí' });
    expect(flag.error?.issues[0]?.message).toBe('El valor del campo Confirmar documentos faltantes no es válido');
  });
});
