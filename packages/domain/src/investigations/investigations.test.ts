import { describe, expect, it } from 'vitest';
import {
  documentTypeLabel,
  formatDocumentType,
  needsBackSide,
  normaliseFileName,
  parseDocumentType,
  requiredDocuments,
  asksIdentificationType,
} from '../index';

const slots = (...args: Parameters<typeof requiredDocuments>) => requiredDocuments(...args).map((document) => document.slot);

describe('required documents per policy type', () => {
  it('asks the employment letter and proof of address for the types without a guarantor', () => {
    for (const type of ['basica', 'garantiaPlus'] as const) {
      expect(slots(type, { hasGuarantor: false })).toEqual(['tenantId', 'incomeProof', 'employmentLetter', 'utilities', 'ownerId']);
    }
  });

  it("asks the guarantor's identification and deed for Plus and Plus Auto when a guarantor is given", () => {
    for (const type of ['plus', 'plusAuto'] as const) {
      expect(slots(type, { hasGuarantor: true })).toEqual(['tenantId', 'incomeProof', 'guarantorId', 'guarantorDeed', 'ownerId']);
      expect(slots(type, { hasGuarantor: false })).toEqual(['tenantId', 'incomeProof', 'ownerId']);
    }
  });

  it('always asks three income proofs, with a hint', () => {
    const income = requiredDocuments('basica', { hasGuarantor: false }).find((document) => document.slot === 'incomeProof');
    expect(income).toMatchObject({ files: 3, label: 'Comprobantes de ingresos' });
    expect(income?.hint).toMatch(/tres meses/);
  });

  it('asks the identification type on ID slots, and the back side only for a separate INE', () => {
    expect(asksIdentificationType('tenantId')).toBe(true);
    expect(asksIdentificationType('incomeProof')).toBe(false);
    expect(needsBackSide('ineSeparada')).toBe(true);
    expect(needsBackSide('ine')).toBe(false);
    expect(needsBackSide('pasaporte')).toBe(false);
  });
});

describe('document types in upload paths', () => {
  it('reads a slot key with an optional index within the slot', () => {
    expect(parseDocumentType('tenantId')).toEqual({ slot: 'tenantId', index: 0 });
    expect(parseDocumentType('incomeProof2')).toEqual({ slot: 'incomeProof', index: 2 });
    expect(parseDocumentType('incomeProof3')).toBeNull();
    expect(parseDocumentType('ownerId1')).toBeNull();
    expect(parseDocumentType('passport')).toBeNull();
    expect(parseDocumentType('../tenantId')).toBeNull();
    expect(formatDocumentType('incomeProof', 2)).toBe('incomeProof2');
    expect(formatDocumentType('utilities', 0)).toBe('utilities');
  });

  it('names a stored type in Spanish', () => {
    expect(documentTypeLabel('incomeProof1')).toBe('Comprobantes de ingresos (2)');
    expect(documentTypeLabel('guarantorDeed')).toBe('Escrituras del inmueble en garantía');
    expect(documentTypeLabel('desconocido')).toBe('desconocido');
  });
});

describe('file names', () => {
  it('removes accents, drops odd characters and turns spaces into underscores', () => {
    expect(normaliseFileName('Identificación Oficial (José).pdf')).toBe('Identificacion_Oficial_Jose.pdf');
    expect(normaliseFileName('  recibo  de   nómina #3.PNG ')).toBe('recibo_de_nomina_3.PNG');
    expect(normaliseFileName('estado-de_cuenta.2026.pdf')).toBe('estado-de_cuenta.2026.pdf');
  });

  it('never keeps a path', () => {
    expect(normaliseFileName('../../etc/passwd')).toBe('etcpasswd');
    expect(normaliseFileName('..\\..\\windows\\system.ini')).toBe('windowssystem.ini');
    expect(normaliseFileName('../')).toBe('documento');
    expect(normaliseFileName('💥')).toBe('documento');
  });
});
