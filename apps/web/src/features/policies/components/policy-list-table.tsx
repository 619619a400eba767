import { Link } from 'react-router';
import { Pencil } from 'lucide-react';
import type { PolicySummary } from '@portal/domain';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { PolicyCardList } from './policy-card-list';
import { AddressCell, DateCell, PeopleCells, peopleDetails, StatusCell, TypeCell } from './policy-cells';
import { displayDate, emptyCell, fullAddress } from './policy-format';
import { useMediaQuery } from '@/lib/use-media-query';
import { tableMediaQuery } from './policy-card-list';

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
] as const;

/**
 * 'Acciones' stays pinned at the right edge while the other columns scroll under it: the ten
 * columns are wider than a laptop's screen, and the edit link must not be the part scrolled away.
 */
const pinnedRight =
  'sticky right-0 z-10 shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.2)] dark:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.6)]';

function EditLink({ policy }: { policy: PolicySummary }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to={paths.policies.edit.to(policy.id)} aria-label={`Editar póliza ${policy.investigationId}`}>
        <Pencil aria-hidden="true" />
        Editar
      </Link>
    </Button>
  );
}

/** The policy list's table (/policies): one row per policy, edit at the end; cards on phones. */
export function PolicyListTable({ rows }: { rows: PolicySummary[] }) {
  const wide = useMediaQuery(tableMediaQuery);
  if (!wide) {
    return (
      <PolicyCardList
        rows={rows}
        label="Pólizas"
        actions={(policy) => <EditLink policy={policy} />}
        details={(policy) => [
          ...peopleDetails(policy),
          { label: 'Fecha de Entrega', value: displayDate(policy.deliveryDate) },
          { label: 'Dirección del Inmueble', value: fullAddress(policy.propertyAddress) || emptyCell, wide: true },
        ]}
      />
    );
  }
  return (
    <Table label="Pólizas">
      <TableHead>
        <tr>
          {columns.map((column) => (
            <Th key={column}>{column}</Th>
          ))}
          <Th className={`${pinnedRight} bg-slate-50 dark:bg-slate-800`}>Acciones</Th>
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((policy) => (
          <Tr key={policy.id} className="group">
            <Td className="font-medium whitespace-nowrap text-slate-900 dark:text-white">{policy.investigationId || emptyCell}</Td>
            <Td className="whitespace-nowrap">{policy.policyNumber || emptyCell}</Td>
            <StatusCell policy={policy} />
            <TypeCell policy={policy} />
            <PeopleCells policy={policy} />
            <DateCell date={policy.deliveryDate} />
            <AddressCell address={fullAddress(policy.propertyAddress)} className="min-w-52" />
            <Td className={`${pinnedRight} bg-white py-2 group-hover:bg-slate-50 dark:bg-slate-900 dark:group-hover:bg-slate-800`}>
              <EditLink policy={policy} />
            </Td>
          </Tr>
        ))}
      </TableBody>
    </Table>
  );
}
