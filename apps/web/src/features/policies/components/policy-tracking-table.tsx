import { policyTypeLabels, type PolicySummary } from '@portal/domain';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { displayDate, displayNames, emptyCell, shortAddress } from './policy-format';
import { PolicyRowMenu } from './policy-row-menu';
import { PolicyStatusBadge } from './policy-status-badge';
import type { RowAction } from './row-actions';

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

/** The tracking table: folio over policy number, the row menu right after it. */
export function PolicyTrackingTable({ rows, busyPolicyId, onAction }: PolicyTrackingTableProps) {
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
            <Td>
              <PolicyStatusBadge status={policy.status} />
            </Td>
            <Td className="whitespace-nowrap">{policyTypeLabels[policy.policyType] ?? policy.policyType}</Td>
            <Td className="max-w-56">{displayNames(policy.tenantNames)}</Td>
            <Td className="max-w-56">{displayNames(policy.guarantorNames)}</Td>
            <Td className="max-w-48">{policy.ownerName || emptyCell}</Td>
            <Td className="max-w-64">{shortAddress(policy.propertyAddress) || emptyCell}</Td>
            <Td className="whitespace-nowrap">{displayDate(policy.createdAt)}</Td>
          </Tr>
        ))}
      </TableBody>
    </Table>
  );
}
