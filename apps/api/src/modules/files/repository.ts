import { inArray } from 'drizzle-orm';
import { readTogether, type Executor } from '../../db/client';
import { addendums, contractDocuments, investigationDocuments } from '../../db/schema/index';

/** Which of `names` a document, an addendum or a generated contract names. */
export async function referencedNames(db: Executor, names: string[]): Promise<string[]> {
  const [documents, addendumFiles, contracts] = await readTogether(db, [
    () => db.select({ name: investigationDocuments.storedName }).from(investigationDocuments).where(inArray(investigationDocuments.storedName, names)),
    () => db.select({ name: addendums.fileStoredName }).from(addendums).where(inArray(addendums.fileStoredName, names)),
    () => db.select({ name: contractDocuments.storedName }).from(contractDocuments).where(inArray(contractDocuments.storedName, names)),
  ]);
  return [...documents.map((row) => row.name), ...addendumFiles.map((row) => row.name ?? ''), ...contracts.map((row) => row.name)];
}
