import { Link } from 'react-router';
import { Pencil } from 'lucide-react';
import type { PolicySummary } from '@portal/domain';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { Table, TableBody, Td, Tr } from '@/components/ui/table';
import { useMediaQuery } from '@/lib/use-media-query';
import { PolicyCardList, tableMediaQuery } from './policy-card-list';
import { AddressCell, DeliveryAndTermCell, FolioCell, PeopleCell, peopleDetails, StatusCell } from './policy-cells';
import { displayDate, displayTerm, emptyCell, fullAddress } from './policy-format';
import { useOpenOnRowClick } from './policy-row-link';
import { useCanEditPolicy } from './use-can-edit-policy';
import { PolicyTableHeader, type PolicyColumn } from './policy-table-header';

/** The spec's ten columns, five of them on a second line under another (policy-cells.tsx), and Vigencia under Fecha de Entrega. */
const columns: readonly PolicyColumn[] = [
  { label: 'Folio de Investigación', secondLine: 'Folio de Póliza' },
  { label: 'Estatus', secondLine: 'Tipo Poliza' },
  { label: 'Inquilino', secondLine: 'Aval' },
  { label: 'Dirección del Inmueble', secondLine: 'Propietario' },
  { label: 'Fecha de Entrega', secondLine: 'Vigencia' },
  { label: 'Acciones' },
];

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

function PolicyListRow({ policy }: { policy: PolicySummary }) {
  const open = useOpenOnRowClick(policy);
  const canEdit = useCanEditPolicy();
  return (
    <Tr className="cursor-pointer [&>td]:px-3" onClick={open}>
      <FolioCell policy={policy} />
      <StatusCell policy={policy} />
      <PeopleCell policy={policy} />
      <AddressCell address={fullAddress(policy.propertyAddress)} owner={policy.ownerName} />
      <DeliveryAndTermCell policy={policy} />
      <Td className="py-2">
        {canEdit ? <EditLink policy={policy} /> : null}
      </Td>
    </Tr>
  );
}

/**
 * The policy list's table (/policies): one row per policy, each opening its expediente, edit at
 * the end. From 1024 px it fits the screen without sideways scrolling; narrower, cards.
 */
export function PolicyListTable({ rows }: { rows: PolicySummary[] }) {
  const wide = useMediaQuery(tableMediaQuery);
  const canEdit = useCanEditPolicy();
  if (!wide) {
    return (
      <PolicyCardList
        rows={rows}
        label="Pólizas"
        actions={(policy) => (canEdit ? <EditLink policy={policy} /> : null)}
        details={(policy) => [
          ...peopleDetails(policy),
          { label: 'Fecha de Entrega', value: displayDate(policy.deliveryDate) },
          { label: 'Vigencia', value: displayTerm(policy.contractStartDate, policy.endDate) },
          { label: 'Dirección del Inmueble', value: fullAddress(policy.propertyAddress) || emptyCell, wide: true },
        ]}
      />
    );
  }
  return (
    <Table label="Pólizas" className="min-w-0">
      <PolicyTableHeader columns={columns} />
      <TableBody>
        {rows.map((policy) => (
          <PolicyListRow key={policy.id} policy={policy} />
        ))}
      </TableBody>
    </Table>
  );
}
