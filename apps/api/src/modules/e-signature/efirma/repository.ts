import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { efirmaSignatures } from '../../../db/schema/index';

/** A signer's e.firma signatures (issue 35): one row per document signed, the .p7s in the file store. */

export type EfirmaSignatureInsert = typeof efirmaSignatures.$inferInsert;

/** The same signature recorded again (a retry that raced the first) is left as it is. */
export async function insertEfirmaSignatures(db: Executor, rows: EfirmaSignatureInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(efirmaSignatures).values(rows).onConflictDoNothing({ target: [efirmaSignatures.linkId, efirmaSignatures.documentSha256] });
}

export async function signaturesOf(db: Executor, linkId: number): Promise<Array<{ documentSha256: string; cmsSha256: string; storedName: string | null }>> {
  return db
    .select({ documentSha256: efirmaSignatures.documentSha256, cmsSha256: efirmaSignatures.cmsSha256, storedName: efirmaSignatures.storedName })
    .from(efirmaSignatures)
    .where(eq(efirmaSignatures.linkId, linkId));
}
