import { inArray } from 'drizzle-orm';
import { readTogether, type Executor } from '../../db/client';
import { addendums, contractDocuments, investigationDocuments, signingRounds } from '../../db/schema/index';

/** Which of `names` a document, an addendum, a generated contract or a signing round's pack names. */
export async function referencedNames(db: Executor, names: string[]): Promise<string[]> {
  const [documents, addendumFiles, contracts, signingPacks] = await readTogether(db, [
    () => db.select({ name: investigationDocuments.storedName }).from(investigationDocuments).where(inArray(investigationDocuments.storedName, names)),
    () => db.select({ name: addendums.fileStoredName }).from(addendums).where(inArray(addendums.fileStoredName, names)),
    () => db.select({ name: contractDocuments.storedName }).from(contractDocuments).where(inArray(contractDocuments.storedName, names)),
    () => db.select({ name: signingRounds.packStoredName }).from(signingRounds).where(inArray(signingRounds.packStoredName, names)),
  ]);
  return [...documents, ...addendumFiles, ...contracts, ...signingPacks].map((row) => row.name ?? '');
}
