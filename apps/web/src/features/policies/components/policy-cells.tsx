import { policyTypeLabels, type PolicySummary } from '@portal/domain';
import { Td } from '@/components/ui/table';
import type { CardDetail } from './policy-card-list';
import { displayDate, displayNames, emptyCell, formatTermParts } from './policy-format';
import { PolicyStatusBadge } from './policy-status-badge';
import { PolicyFolioLink } from './policy-row-link';

/**
 * The cells the policy list and the tracking table share. To fit a 1280 px laptop without
 * sideways scrolling, the five columns that matter (folio, status, tenant, address, date) each
 * carry the next column's value on a second line: policy number under the folio, type under the
 * status, guarantor under the tenant, owner under the address. Names and addresses wrap.
 */

const secondLine = 'mt-0.5 block text-xs text-slate-500 dark:text-slate-400';

export function FolioCell({ policy }: { policy: PolicySummary }) {
  return (
    <Td className="whitespace-nowrap">
      <PolicyFolioLink policy={policy} />
      <span className={secondLine}>
        <span className="sr-only">Folio de Póliza: </span>
        {policy.policyNumber || emptyCell}
      </span>
    </Td>
  );
}

export function StatusCell({ policy }: { policy: PolicySummary }) {
  return (
    <Td>
      <PolicyStatusBadge status={policy.status} />
      <span className={secondLine}>
        <span className="sr-only">Tipo Poliza: </span>
        {policyTypeLabels[policy.policyType] ?? policy.policyType}
      </span>
    </Td>
  );
}

/** 'Inquilino', with 'Aval' under it. */
export function PeopleCell({ policy }: { policy: PolicySummary }) {
  return (
    <Td className="min-w-36 break-words">
      <span className="block">{displayNames(policy.tenantNames)}</span>
      {policy.guarantorNames.length > 0 ? <span className={secondLine}>Aval: {displayNames(policy.guarantorNames)}</span> : null}
    </Td>
  );
}

/** 'Dirección del Inmueble', already formatted (full on the list, short on tracking), with the owner under it. */
export function AddressCell({ address, owner }: { address: string; owner: string }) {
  return (
    <Td className="min-w-40 break-words">
      <span className="block">{address || emptyCell}</span>
      {owner ? <span className={secondLine}>Propietario: {owner}</span> : null}
    </Td>
  );
}

export function DateCell({ date }: { date: string | null }) {
  return <Td className="whitespace-nowrap">{displayDate(date)}</Td>;
}

/**
 * 'Fecha de Entrega' with 'Vigencia' under it (issue 15), the term's two ends on two short lines
 * ('15 ene 2026 –' over '14 ene 2027'): a column of its own would not fit a 1024 px screen.
 */
export function DeliveryAndTermCell({ policy }: { policy: Pick<PolicySummary, 'deliveryDate' | 'contractStartDate' | 'endDate'> }) {
  const term = formatTermParts(policy.contractStartDate, policy.endDate);
  return (
    <Td className="whitespace-nowrap">
      <span className="block">{displayDate(policy.deliveryDate)}</span>
      <span className={secondLine}>
        <span className="sr-only">Vigencia: </span>
        {term ? (
          <>
            <span className="block">{term.start} –</span>
            <span className="block">{term.end}</span>
          </>
        ) : (
          emptyCell
        )}
      </span>
    </Td>
  );
}

/** The same people on a card. */
export function peopleDetails(policy: PolicySummary): CardDetail[] {
  return [
    { label: 'Inquilino', value: displayNames(policy.tenantNames), wide: true },
    { label: 'Aval', value: displayNames(policy.guarantorNames) },
    { label: 'Propietario', value: policy.ownerName || emptyCell },
  ];
}
