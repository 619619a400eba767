import { Link } from 'react-router';
import { agingBucketLabels, formatPesos, lateInterestMessages, rentContactKindLabels, type ArrearsReport } from '@portal/domain';
import { formatDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';

/** A page of the aging report: each policy links to its expediente's 'Rentas'. */
export function ArrearsTable({ report, showBranch }: { report: ArrearsReport; showBranch: boolean }) {
  return (
    <Table label="Pólizas con rentas en mora">
      <TableHead>
        <Tr>
          <Th>Póliza</Th>
          <Th>Inquilino</Th>
          {showBranch ? <Th>Sucursal</Th> : null}
          <Th>Agente</Th>
          <Th className="text-right">Meses</Th>
          <Th className="text-right">Adeudo</Th>
          {/* Short headers (the export names them in full): the table fits a laptop beside the sidebar. */}
          <Th className="text-right">
            <abbr title={lateInterestMessages.label} className="no-underline">
              Intereses
            </abbr>
          </Th>
          <Th className="text-right">Días de atraso</Th>
          <Th>Antigüedad</Th>
          <Th>Último contacto</Th>
        </Tr>
      </TableHead>
      <TableBody>
        {report.items.map((row) => (
          <Tr key={row.policyId}>
            <Td>
              <Link to={paths.policies.detail.to(row.policyId, 'rentas')} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                {row.folio}
              </Link>
            </Td>
            <Td>{row.tenantNames || '—'}</Td>
            {showBranch ? <Td>{row.branchName}</Td> : null}
            <Td>{row.agentName || '—'}</Td>
            <Td className="text-right tabular-nums">{row.months}</Td>
            <Td className="text-right tabular-nums">{formatPesos(row.amount)}</Td>
            <Td className="text-right tabular-nums">{formatPesos(row.interest)}</Td>
            <Td className="text-right tabular-nums" title={`Mes más antiguo: ${formatDate(row.oldestDueOn)}`}>
              {row.daysLate}
            </Td>
            <Td>{agingBucketLabels[row.bucket]}</Td>
            <Td>
              {row.lastContact ? (
                <>
                  {formatDate(row.lastContact.at)}
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{rentContactKindLabels[row.lastContact.kind]}</span>
                </>
              ) : (
                '—'
              )}
            </Td>
          </Tr>
        ))}
      </TableBody>
    </Table>
  );
}
