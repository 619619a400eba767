import { describe, expect, it } from 'vitest';
import {
  documentTypeLabel,
  formatDocumentType,
  needsBackSide,
  normaliseFileName,
  parseDocumentType,
  requiredDocuments,
  asksIdentificationType,
  canDecideInvestigation,
  closedInvestigationNotice,
  frontSlotOf,
  isInvestigationOpen,
  uploadRejection,
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
    expect(income?.hint).toBe('Últimos 3 recibos de nómina o estados de cuenta');
  });

  it("gives the spec's hints for the employment letter, proof of services and the deed", () => {
    const hints = (type: 'basica' | 'plus') =>
      Object.fromEntries(requiredDocuments(type, { hasGuarantor: true }).map((document) => [document.slot, document.hint]));
    expect(hints('basica').utilities).toBe('Último recibo de luz, agua o predial');
    expect(hints('basica').employmentLetter).toMatch(/antigüedad y puesto/);
    expect(hints('plus').guarantorDeed).toBe('Copia simple de la escritura de la propiedad');
    expect(hints('plus').tenantId).toBeUndefined();
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

describe('which uploads a policy asks for', () => {
  const basica = { policyType: 'basica', hasGuarantor: false } as const;
  const plus = { policyType: 'plus', hasGuarantor: true } as const;
  const plusWithoutGuarantor = { policyType: 'plusAuto', hasGuarantor: false } as const;

  it('accepts the required slots, each income proof and the back of a required identification', () => {
    for (const type of ['tenantId', 'incomeProof', 'incomeProof1', 'incomeProof2', 'employmentLetter', 'utilities', 'ownerId']) {
      expect(uploadRejection(basica, type)).toBeNull();
    }
    expect(uploadRejection(basica, 'tenantIdBack')).toBeNull();
    expect(uploadRejection(basica, 'ownerIdBack', 'ineSeparada')).toBeNull();
    expect(uploadRejection(plus, 'guarantorId', 'ine')).toBeNull();
    expect(uploadRejection(plus, 'guarantorDeed')).toBeNull();
    expect(uploadRejection(plus, 'guarantorIdBack', 'ineSeparada')).toBeNull();
  });

  it('refuses slots the policy type does not ask for', () => {
    expect(uploadRejection(basica, 'guarantorId')?.message).toBe('Este documento no se pide para una póliza Básica sin aval');
    expect(uploadRejection(basica, 'guarantorIdBack')?.message).toMatch(/no se pide/);
    expect(uploadRejection(plus, 'employmentLetter')?.message).toBe('Este documento no se pide para una póliza Plus');
    expect(uploadRejection(plus, 'utilities')?.message).toMatch(/no se pide/);
    expect(uploadRejection(plusWithoutGuarantor, 'guarantorDeed')?.message).toBe('Este documento no se pide para una póliza Plus Auto sin aval');
  });

  it('refuses unknown types, indexes past a slot, and identification types where they do not belong', () => {
    expect(uploadRejection(basica, 'incomeProof3')?.message).toBe('El tipo de documento no es válido');
    expect(uploadRejection(basica, '../tenantId')?.message).toBe('El tipo de documento no es válido');
    expect(uploadRejection(basica, 'utilities', 'ine')?.message).toBe('Este documento no lleva tipo de identificación');
    expect(uploadRejection(basica, 'tenantIdBack', 'pasaporte')?.message).toBe('La parte trasera solo se pide para una INE separada');
    expect(uploadRejection(basica, 'tenantIdBack', 'pasaporte')?.field).toBe('identificationType');
    expect(uploadRejection(basica, 'employmentLetter1')?.field).toBe('documentType');
    expect(frontSlotOf('ownerIdBack')).toBe('ownerId');
    expect(frontSlotOf('ownerId')).toBeUndefined();
  });
});

describe('an open investigation', () => {
  it('takes document changes before and during the investigation, and a decision only during it', () => {
    expect(isInvestigationOpen('created')).toBe(true);
    expect(isInvestigationOpen('investigation')).toBe(true);
    expect(isInvestigationOpen('investigation_approved')).toBe(false);
    expect(isInvestigationOpen('active')).toBe(false);
    expect(canDecideInvestigation('investigation')).toBe(true);
    expect(canDecideInvestigation('created')).toBe(false);
    expect(closedInvestigationNotice('investigation_rejected')).toBe(
      'La investigación ya fue resuelta: la póliza está en «Investigación rechazada». Sus documentos ya no se pueden cambiar.',
    );
  });
});
