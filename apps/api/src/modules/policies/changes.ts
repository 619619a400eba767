import type { Policy } from '@portal/domain';

/** The history's section names, and what of the policy each one covers. */
const sections: ReadonlyArray<[name: string, pick: (policy: Policy) => unknown]> = [
  [
    'Datos generales',
    (p) => [p.policyNumber, p.previousPolicy, p.policyType, p.termMonths, p.isElectronicSignature, p.specialnote, p.branchId],
  ],
  ['Inquilinos', (p) => p.tenants],
  ['Avales', (p) => p.guarantors],
  [
    'Inmueble',
    (p) => {
      const { owner: _owner, rent: _rent, ...property } = p.property;
      return property;
    },
  ],
  ['Propietario', (p) => p.property.owner],
  ['Renta', (p) => p.property.rent],
];

/** Names of the sections whose content differs. Row ids are ignored: a re-created row with the same data is no change. */
export function changedSections(before: Policy, after: Policy): string[] {
  return sections.filter(([, pick]) => fingerprint(pick(before)) !== fingerprint(pick(after))).map(([name]) => name);
}

function fingerprint(value: unknown): string {
  return JSON.stringify(value, (key, inner: unknown) => (key === 'id' ? undefined : inner));
}
