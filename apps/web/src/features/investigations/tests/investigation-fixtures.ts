import type { InvestigationDocument, PolicySummary } from '@portal/domain';
import { makeSummary } from '@/test/fixtures';

export const folio = 'INV-05032026-1030-001';

/** A stored document; times without offset, so the shown time does not depend on the machine. */
export function makeDocument(overrides: Partial<InvestigationDocument> = {}): InvestigationDocument {
  const id = overrides.id ?? 1;
  return {
    id,
    originalFilename: 'Identificación José.pdf',
    documentType: 'tenantId',
    identificationType: 'ine',
    mimeType: 'application/pdf',
    size: 245_760,
    sha256: 'a'.repeat(64),
    uploadedAt: '2026-03-05T14:30:00',
    uploadedByName: 'Laura Méndez',
    uploadedVia: 'staff',
    uploadedViaLinkName: null,
    respuesta: '',
    respondedAt: null,
    respondedByName: null,
    ...overrides,
  };
}

export const documentsUrl = `GET /api/files/documentswithresponses/${folio}`;

export function pdf(name = 'recibo.pdf') {
  return new File(['%PDF-1.4 prueba'], name, { type: 'application/pdf' });
}

/** A row of GET /api/policy/search, as the reload fallback finds it: this folio, under investigation. */
export function makePolicySummary(overrides: Partial<PolicySummary> = {}): PolicySummary {
  return makeSummary({ investigationId: folio, status: 'investigation', guarantorNames: [], firstGuarantorId: null, ...overrides });
}
