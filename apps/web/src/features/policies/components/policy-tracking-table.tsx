import type { PolicySummary } from '@portal/domain';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { PolicyCardList } from './policy-card-list';
import { AddressCell, DateCell, PeopleCells, peopleDetails, StatusCell, TypeCell } from './policy-cells';
import { displayDate, emptyCell, shortAddress } from './policy-format';
import { PolicyRowMenu } from './policy-row-menu';
import type { RowAction } from './row-actions';
import { useMediaQuery } from '@/lib/use-media-query';
import { tableMediaQuery } from './policy-card-list';

const columns = [
  'Folio',
  'Acciones',
  'Estatus',
  'Tipo Poliza',
  'Inquilino',
  'Aval',
  'Propietario',
  'Dirección del Inmueble',
  'Fecha',
] as const;

interface PolicyTrackingTableProps {
  rows: PolicySummary[];
  busyPolicyId: number | null;
  onAction: (policy: PolicySummary, action: RowAction) => void;
}

/** The tracking table: folio over policy number, the row menu right after it; cards on phones. */
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
    <Table label="Seguimiento de pólizas">
      <TableHead>
        <tr>
          {columns.map((column) => (
            <Th key={column}>{column}</Th>
          ))}
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((policy) => (
          <Tr key={policy.id}>
            <Td className="whitespace-nowrap">
              <span className="block font-medium text-slate-900 dark:text-white">{policy.investigationId || emptyCell}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">{policy.policyNumber || emptyCell}</span>
            </Td>
            <Td className="py-2">
              <PolicyRowMenu policy={policy} busy={busyPolicyId === policy.id} onAction={onAction} />
            </Td>
            <StatusCell policy={policy} />
            <TypeCell policy={policy} />
            <PeopleCells policy={policy} />
            <AddressCell address={shortAddress(policy.propertyAddress)} className="min-w-48" />
            <DateCell date={policy.createdAt} />
          </Tr>
        ))}
      </TableBody>
    </Table>
  );
}
