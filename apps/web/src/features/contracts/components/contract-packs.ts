import { contractDocumentKinds, type ContractDocument } from '@portal/domain';

export interface ContractPack {
  version: number;
  /** In the pack's order: lease, póliza, pagarés. */
  documents: ContractDocument[];
  superseded: boolean;
  createdAt: string;
  createdByName: string;
}

const kindOrder = (document: ContractDocument) => contractDocumentKinds.indexOf(document.kind);

/** The documents grouped by pack version, newest first. */
export function groupPacks(documents: ContractDocument[], currentVersion: number): ContractPack[] {
  const byVersion = new Map<number, ContractDocument[]>();
  for (const document of documents) byVersion.set(document.packVersion, [...(byVersion.get(document.packVersion) ?? []), document]);
  return [...byVersion.entries()]
    .sort(([a], [b]) => b - a)
    .map(([version, list]) => {
      const sorted = [...list].sort((a, b) => kindOrder(a) - kindOrder(b));
      const first = sorted[0]!;
      return {
        version,
        documents: sorted,
        superseded: version !== currentVersion || sorted.every((document) => document.superseded),
        createdAt: first.createdAt,
        createdByName: first.createdByName,
      };
    });
}
