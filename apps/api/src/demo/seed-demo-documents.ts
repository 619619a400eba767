import { Readable } from 'node:stream';
import { formatDocumentType, requiredDocuments, type DocumentSlot, type PolicyStatus } from '@portal/domain';
import type { Db } from '../db/client';
import type { FileStore } from '../lib/file-store';
import { simplePdf } from '../lib/simple-pdf';
import { findInvestigatedPolicies, findInvestigationStart, insertDemoDocument } from './repository';

/** The reviewer's answers on the demo's decided investigations. */
const approvedAnswers: Partial<Record<DocumentSlot, string>> = {
  tenantId: 'Identificación vigente; coincide con la solicitud.',
  incomeProof: 'Ingresos comprobables de más de tres veces la renta.',
  employmentLetter: 'Antigüedad y puesto confirmados por teléfono con Recursos Humanos.',
  guarantorDeed: 'Escritura libre de gravamen según el certificado del RPP.',
};
const rejectedAnswers: Partial<Record<DocumentSlot, string>> = {
  incomeProof: 'Los ingresos comprobables no alcanzan tres veces la renta.',
};

/**
 * The documents of the demo's investigations: for each policy that went past 'created', a small
 * PDF per required document, stored like an upload and dated when its investigation started;
 * decided ones carry the reviewer's answers. Returns how many documents were written.
 */
export async function seedDemoDocuments(db: Db, files: FileStore, policyIds: number[], uploadedBy: number): Promise<number> {
  if (policyIds.length === 0) return 0;
  const rows = await findInvestigatedPolicies(db, policyIds);
  let written = 0;
  for (const policy of rows) {
    const startedAt = await investigationStart(db, policy.id);
    const answers = answersFor(policy.status);
    let order = 0;
    for (const document of requiredDocuments(policy.policyType, { hasGuarantor: policy.hasGuarantor })) {
      for (let index = 0; index < document.files; index++) {
        const label = document.files > 1 ? `${document.label} (${index + 1} de ${document.files})` : document.label;
        const pdf = simplePdf([label, `Folio ${policy.investigationId}`, policy.tenantNames.join(', '), 'Documento de demostración']);
        const stored = await files.save(Readable.from([pdf]), { accept: ['pdf'], wasTruncated: () => false });
        const respuesta = index === 0 ? (answers[document.slot] ?? '') : '';
        await insertDemoDocument(db, {
          policyId: policy.id,
          investigationId: policy.investigationId,
          slot: document.slot,
          slotIndex: index,
          identificationType: document.slot.endsWith('Id') ? 'ine' : null,
          originalFilename: `${formatDocumentType(document.slot, index)}_${policy.investigationId}.pdf`,
          storedName: stored.storedName,
          mimeType: stored.mimeType,
          size: stored.size,
          sha256: stored.sha256,
          uploadedBy,
          // Uploaded one a minute from the moment the investigation started; answered two hours later.
          uploadedAt: new Date(startedAt.getTime() + order * 60_000),
          respuesta,
          respondedBy: respuesta ? uploadedBy : null,
          respondedAt: respuesta ? new Date(startedAt.getTime() + (order + 120) * 60_000) : null,
        });
        written++;
        order++;
      }
    }
  }
  return written;
}

function answersFor(status: PolicyStatus): Partial<Record<DocumentSlot, string>> {
  if (status === 'investigation') return {};
  return status === 'investigation_rejected' ? rejectedAnswers : approvedAnswers;
}

/** When the policy entered 'investigation' (its history, already back-dated). */
async function investigationStart(db: Db, policyId: number): Promise<Date> {
  return (await findInvestigationStart(db, policyId)) ?? new Date();
}
