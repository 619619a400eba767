import { claimTypeLabels, formatPesos, type ClaimSummary } from '@portal/domain';
import { useMediaQuery } from '@/lib/use-media-query';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { ClaimCardList } from './claim-card-list';
import { ClaimNumberLink, emptyCell, NextDeadline, PolicyFolioLink } from './claim-cells';

/** The table from a laptop up (Tailwind's `lg`); below it, one card per case. */
const tableMediaQuery = '(min-width: 1024px)';

/**
 * A page of cases: the number opens the case, the folio its expediente. Paired facts share a
 * cell (case and policy, stage and type) so the next deadline fits a 1366 px laptop beside the sidebar.
 */
export function ClaimsTable({ items, showBranch }: { items: ClaimSummary[]; showBranch: boolean }) {
  const wide = useMediaQuery(tableMediaQuery);
  if (!wide) return <ClaimCardList items={items} showBranch={showBranch} />;
  return (
    <Table label="Incidencias" className="min-w-[56rem]">
      <TableHead>
        <Tr>
          <Th>{showBranch ? 'Caso / póliza / sucursal' : 'Caso / póliza'}</Th>
          <Th>Etapa / tipo</Th>
          <Th>Inquilino</Th>
          <Th className="text-right whitespace-normal">Monto reclamado</Th>
          <Th>Responsable</Th>
          <Th className="text-right whitespace-normal">Días abierta</Th>
          <Th>Próximo término</Th>
        </Tr>
      </TableHead>
      <TableBody>
        {items.map((claim) => (
          <Tr key={claim.id} data-testid={`claim-row-${claim.id}`}>
            <Td className="whitespace-nowrap">
              <ClaimNumberLink claim={claim} className="block" />
              <span className="block text-xs">
                <PolicyFolioLink claim={claim} />
              </span>
              {showBranch ? <span className="block text-xs text-slate-500 dark:text-slate-400">{claim.branchName}</span> : null}
            </Td>
            <Td>
              <span className="block font-medium">{claim.stageLabel}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">{claimTypeLabels[claim.type]}</span>
            </Td>
            <Td>{claim.tenantNames || emptyCell}</Td>
            <Td className="text-right whitespace-nowrap tabular-nums">{formatPesos(claim.amountClaimed)}</Td>
            <Td>{claim.assignee?.name ?? 'Sin asignar'}</Td>
            <Td className="text-right tabular-nums">{claim.daysOpen.toLocaleString('es-MX')}</Td>
            <Td className="min-w-40">
              <NextDeadline deadline={claim.nextDeadline} />
            </Td>
          </Tr>
        ))}
      </TableBody>
    </Table>
  );
}
