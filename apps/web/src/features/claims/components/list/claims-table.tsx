import { claimTypeLabels, formatPesos, type ClaimSummary } from '@portal/domain';
import { useMediaQuery } from '@/lib/use-media-query';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { ClaimCardList } from './claim-card-list';
import { ClaimNumberLink, emptyCell, NextDeadline, PolicyFolioLink } from './claim-cells';

/** The table from a laptop up (Tailwind's `lg`); below it, one card per case. */
const tableMediaQuery = '(min-width: 1024px)';

/** A page of cases: the number opens the case, the folio its expediente. */
export function ClaimsTable({ items, showBranch }: { items: ClaimSummary[]; showBranch: boolean }) {
  const wide = useMediaQuery(tableMediaQuery);
  if (!wide) return <ClaimCardList items={items} showBranch={showBranch} />;
  return (
    <Table label="Incidencias" className="min-w-[64rem]">
      <TableHead>
        <Tr>
          <Th>Número</Th>
          <Th>Póliza</Th>
          {showBranch ? <Th>Sucursal</Th> : null}
          <Th>Tipo</Th>
          <Th>Etapa</Th>
          <Th>Inquilino</Th>
          <Th className="text-right">Monto reclamado</Th>
          <Th>Responsable</Th>
          <Th className="text-right">Días abierta</Th>
          <Th>Próximo término</Th>
        </Tr>
      </TableHead>
      <TableBody>
        {items.map((claim) => (
          <Tr key={claim.id} data-testid={`claim-row-${claim.id}`}>
            <Td>
              <ClaimNumberLink claim={claim} />
            </Td>
            <Td className="whitespace-nowrap">
              <PolicyFolioLink claim={claim} />
            </Td>
            {showBranch ? <Td>{claim.branchName}</Td> : null}
            <Td>{claimTypeLabels[claim.type]}</Td>
            <Td>{claim.stageLabel}</Td>
            <Td>{claim.tenantNames || emptyCell}</Td>
            <Td className="text-right whitespace-nowrap tabular-nums">{formatPesos(claim.amountClaimed)}</Td>
            <Td>{claim.assignee?.name ?? 'Sin asignar'}</Td>
            <Td className="text-right tabular-nums">{claim.daysOpen.toLocaleString('es-MX')}</Td>
            <Td className="min-w-48">
              <NextDeadline deadline={claim.nextDeadline} />
            </Td>
          </Tr>
        ))}
      </TableBody>
    </Table>
  );
}
