import type { ContractDocument, ContractDocumentKind, ContractTemplate, PolicyContracts } from '@portal/domain';

let nextId = 100;

function makeContractDocument(kind: ContractDocumentKind, packVersion: number, overrides: Partial<ContractDocument> = {}): ContractDocument {
  nextId += 1;
  return {
    id: nextId,
    policyId: 5,
    kind,
    packVersion,
    templateId: 10 + packVersion,
    templateVersion: packVersion,
    templateIsBranchOverride: packVersion > 1,
    fileName: `${kind}_v${packVersion}.pdf`,
    size: 48_128,
    sha256: 'b'.repeat(64),
    pageCount: kind === 'promissory_notes' ? 12 : 4,
    superseded: false,
    createdAt: `2026-11-2${packVersion}T10:00:00.000Z`,
    createdByName: packVersion > 1 ? 'Pablo Torres' : 'Laura Méndez',
    ...overrides,
  };
}

/** A pack: the three documents of one version. */
export function makePack(version: number, superseded = false): ContractDocument[] {
  return (['promissory_notes', 'lease', 'policy'] as const).map((kind) => makeContractDocument(kind, version, { superseded }));
}

export function makeContracts(overrides: Partial<PolicyContracts> = {}): PolicyContracts {
  return { policyId: 5, currentVersion: 1, canRegenerate: true, documents: makePack(1), ...overrides };
}

export function makeTemplate(overrides: Partial<ContractTemplate> = {}): ContractTemplate {
  return {
    id: 1,
    kind: 'lease',
    branchId: null,
    version: 1,
    body: 'CONTRATO DE ARRENDAMIENTO entre {{arrendador.nombre}} y {{arrendatario.nombre}}.',
    createdAt: '2026-11-01T09:00:00.000Z',
    createdByName: 'Sistema',
    ...overrides,
  };
}
