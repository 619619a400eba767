import type { PolicySummary } from '@portal/domain';
import { Table, TableBody, Td, Tr } from '@/components/ui/table';
import { useMediaQuery } from '@/lib/use-media-query';
import { PolicyCardList, tableMediaQuery } from './policy-card-list';
import { AddressCell, DateCell, FolioCell, PeopleCell, peopleDetails, StatusCell } from './policy-cells';
import { displayDate, emptyCell, shortAddress } from './policy-format';
import { PolicyRowMenu } from './policy-row-menu';
import { useOpenOnRowClick } from './policy-row-link';
import { PolicyTableHeader, type PolicyColumn } from './policy-table-header';
import type { RowAction } from './row-actions';

/** The spec's nine columns, four of them on a second line under another (policy-cells.tsx). */
const columns: readonly PolicyColumn[] = [
  { label: 'Folio' },
  { label: 'Acciones' },
  { label: 'Estatus', secondLine: 'Tipo Poliza' },
  { label: 'Inquilino', secondLine: 'Aval' },
  { label: 'Dirección del Inmueble', secondLine: 'Propietario' },
  { label: 'Fecha' },
];

interface PolicyTrackingTableProps {
  rows: PolicySummary[];
  busyPolicyId: number | null;
  onAction: (policy: PolicySummary, action: RowAction) => void;
}

function TrackingRow({ policy, busy, onAction }: { policy: PolicySummary; busy: boolean; onAction: PolicyTrackingTableProps['onAction'] }) {
  const open = useOpenOnRowClick(policy);
  return (
    <Tr className="cursor-pointer [&>td]:px-3" onClick={open}>
      <FolioCell policy={policy} />
      <Td className="py-2">
        <PolicyRowMenu policy={policy} busy={busy} onAction={onAction} />
      </Td>
      <StatusCell policy={policy} />
      <PeopleCell policy={policy} />
      <AddressCell address={shortAddress(policy.propertyAddress)} owner={policy.ownerName} />
      <DateCell date={policy.createdAt} />
    </Tr>
  );
}

/**
 * The tracking table: folio over policy number, the row menu right after it, each row opening
 * the policy's expediente. From 1024 px it fits the screen without sideways scrolling; narrower, cards.
 */
export function PolicyTrackingTable({ rows, busyPolicyId, onAction }: PolicyTrackingTableProps) {
  const wide = useMediaQuery(tableMediaQuery);
  if (!wide) {
    return (
      <PolicyCardList
        rows={rows}
        label="Seguimiento de pólizas"
        actions={(policy) => <PolicyRowMenu policy={policy} busy={busyPolicyId === policy.id} onAction={onAction} />}
        details={(policy) => [
          ...peopleDetails(policy),
          { label: 'Dirección del Inmueble', value: shortAddress(policy.propertyAddress) || emptyCell },
          { label: 'Fecha', value: displayDate(policy.createdAt) },
        ]}
      />
    );
  }
  return (
    <Table label="Seguimiento de pólizas" className="min-w-0">
      <PolicyTableHeader columns={columns} />
      <TableBody>
        {rows.map((policy) => (
          <TrackingRow key={policy.id} policy={policy} busy={busyPolicyId === policy.id} onAction={onAction} />
        ))}
      </TableBody>
    </Table>
  );
}
