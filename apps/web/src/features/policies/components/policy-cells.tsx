import { policyTypeLabels, type PolicySummary } from '@portal/domain';
import { Td } from '@/components/ui/table';
import type { CardDetail } from './policy-card-list';
import { displayDate, displayNames, emptyCell } from './policy-format';
import { PolicyStatusBadge } from './policy-status-badge';

/** The cells the policy list and the tracking table share, in the order both show them. */

export function StatusCell({ policy }: { policy: PolicySummary }) {
  return (
    <Td>
      <PolicyStatusBadge status={policy.status} />
    </Td>
  );
}

export function TypeCell({ policy }: { policy: PolicySummary }) {
  return <Td className="whitespace-nowrap">{policyTypeLabels[policy.policyType] ?? policy.policyType}</Td>;
}

/** 'Inquilino', 'Aval', 'Propietario'. */
export function PeopleCells({ policy }: { policy: PolicySummary }) {
  return (
    <>
      <Td className="min-w-40">{displayNames(policy.tenantNames)}</Td>
      <Td className="min-w-40">{displayNames(policy.guarantorNames)}</Td>
      <Td className="min-w-36">{policy.ownerName || emptyCell}</Td>
    </>
  );
}

/** 'Dirección del Inmueble', already formatted (full on the list, short on tracking). */
export function AddressCell({ address, className }: { address: string; className: string }) {
  return <Td className={className}>{address || emptyCell}</Td>;
}

export function DateCell({ date }: { date: string | null }) {
  return <Td className="whitespace-nowrap">{displayDate(date)}</Td>;
}

/** The same people on a phone's card. */
export function peopleDetails(policy: PolicySummary): CardDetail[] {
  return [
    { label: 'Inquilino', value: displayNames(policy.tenantNames), wide: true },
    { label: 'Aval', value: displayNames(policy.guarantorNames) },
    { label: 'Propietario', value: policy.ownerName || emptyCell },
  ];
}
