import { claimNumber, type ArcoClaim } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { claimsPersonalData, type ClaimPersonalData } from '../repository/privacy';

/*
 * The cases' personal data as the ARCO search lists them (issue 33): per policy, each case not
 * yet anonymised with what it holds of people, in words.
 */

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

function personalDataOf(row: ClaimPersonalData): string[] {
  return [
    row.description ? 'Descripción' : null,
    row.reportedBy ? 'Quién la reportó' : null,
    row.contacts > 0 ? count(row.contacts, 'gestión de cobranza (nombre y resultado)', 'gestiones de cobranza (nombres y resultados)') : null,
    row.notes > 0 ? count(row.notes, 'nota del historial', 'notas del historial') : null,
    row.files > 0 ? count(row.files, 'archivo de evidencia', 'archivos de evidencia') : null,
    row.documents > 0 ? count(row.documents, 'documento generado', 'documentos generados') : null,
  ].filter((item): item is string => item !== null);
}

/** The policies' cases that still hold personal data, by policy id. */
export async function claimsHeldByPolicies(db: Executor, policyIds: number[]): Promise<Map<number, ArcoClaim[]>> {
  const held = new Map<number, ArcoClaim[]>();
  for (const row of await claimsPersonalData(db, [...new Set(policyIds)])) {
    held.set(row.policyId, [...(held.get(row.policyId) ?? []), { id: row.id, number: claimNumber(row.id), personalData: personalDataOf(row) }]);
  }
  return held;
}
