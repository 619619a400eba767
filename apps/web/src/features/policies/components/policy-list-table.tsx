import { Link } from 'react-router';
import { Pencil } from 'lucide-react';
import { policyTypeLabels, type PolicySummary } from '@portal/domain';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { displayDate, displayNames, emptyCell, fullAddress } from './policy-format';
import { PolicyStatusBadge } from './policy-status-badge';

const columns = [
  'Folio de Investigación',
  'Folio de Póliza',
  'Estatus',
  'Tipo Poliza',
  'Inquilino',
  'Aval',
  'Propietario',
  'Fecha de Entrega',
  'Dirección del Inmueble',
  'Acciones',
] as const;

/** The policy list's table (/policies): one row per policy, edit at the end. */
export function PolicyListTable({ rows }: { rows: PolicySummary[] }) {
  return (
    <Table label="Pólizas">
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
            <Td className="font-medium whitespace-nowrap text-slate-900 dark:text-white">{policy.investigationId || emptyCell}</Td>
            <Td className="whitespace-nowrap">{policy.policyNumber || emptyCell}</Td>
            <Td>
              <PolicyStatusBadge status={policy.status} />
            </Td>
            <Td className="whitespace-nowrap">{policyTypeLabels[policy.policyType] ?? policy.policyType}</Td>
            <Td className="max-w-56">{displayNames(policy.tenantNames)}</Td>
            <Td className="max-w-56">{displayNames(policy.guarantorNames)}</Td>
            <Td className="max-w-48">{policy.ownerName || emptyCell}</Td>
            <Td className="whitespace-nowrap">{displayDate(policy.deliveryDate)}</Td>
            <Td className="max-w-72">{fullAddress(policy.propertyAddress) || emptyCell}</Td>
            <Td>
              <Button asChild variant="ghost" size="sm">
                <Link to={paths.policies.edit.to(policy.id)} aria-label={`Editar póliza ${policy.investigationId}`}>
                  <Pencil aria-hidden="true" />
                  Editar
                </Link>
              </Button>
            </Td>
          </Tr>
        ))}
      </TableBody>
    </Table>
  );
}
