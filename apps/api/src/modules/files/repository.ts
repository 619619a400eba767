import { inArray } from 'drizzle-orm';
import { readTogether, type Executor } from '../../db/client';
import { addendums, investigationDocuments } from '../../db/schema/index';

/** Which of `names` a document or an addendum names. */
export async function referencedNames(db: Executor, names: string[]): Promise<string[]> {
  const [documents, addendumFiles] = await readTogether(db, [
    () => db.select({ name: investigationDocuments.storedName }).from(investigationDocuments).where(inArray(investigationDocuments.storedName, names)),
    () => db.select({ name: addendums.fileStoredName }).from(addendums).where(inArray(addendums.fileStoredName, names)),
  ]);
  return [...documents.map((row) => row.name), ...addendumFiles.map((row) => row.name ?? '')];
}
