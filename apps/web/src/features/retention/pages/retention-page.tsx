import { Link } from 'react-router';
import { messageRetentionText, policyDisplayFolio, retentionReasonLabels, type RetentionBranch, type RetentionPreview } from '@portal/domain';
import { formatDate } from '@/lib/dates';
import { formatFileSize } from '@/lib/file-size';
import { paths } from '@/lib/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { useRetentionPreview } from '../api';

const title = 'Retención de documentos';

/**
 * /admin/retention (issue 19, LFPDPPP): how long each branch keeps the files of rejected
 * investigations and ended policies, and what the next daily run would delete — the same dry
 * run the job makes before deleting.
 */
export function RetentionPage() {
  usePageTitle(title);
  const preview = useRetentionPreview();
  return (
    <div className="min-w-0 space-y-6">
      <PageHeader
        title={title}
        description="Los archivos de las investigaciones rechazadas y de las pólizas terminadas se eliminan al cumplirse el plazo de su sucursal, cada día a las 02:30 (hora de la Ciudad de México). La póliza, su historial y los datos de las personas se conservan."
      />
      <QueryState query={preview} loading="Cargando retención de documentos..." errorTitle="No se pudo cargar la retención de documentos">
        {(due) => (
          <>
            <BranchPeriods branches={due.branches} />
            <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="message-retention">
              {messageRetentionText}
            </p>
            <DueFiles preview={due} />
          </>
        )}
      </QueryState>
    </div>
  );
}

const never = 'Nunca';

function BranchPeriods({ branches }: { branches: RetentionBranch[] }) {
  return (
    <section className="min-w-0 space-y-3" aria-labelledby="retention-branches">
      <h2 id="retention-branches" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        Plazos por sucursal
      </h2>
      <Table label="Plazos por sucursal" className="min-w-[20rem]">
        <TableHead>
          <Tr>
            <Th>Sucursal</Th>
            <Th>Investigaciones rechazadas</Th>
            <Th>Pólizas terminadas</Th>
            <Th>Incidencias cerradas</Th>
            {/* relative: the sr-only text is absolutely placed, and would otherwise widen the page past the table's scroll box. */}
            <Th className="relative">
              <span className="sr-only">Acciones</span>
            </Th>
          </Tr>
        </TableHead>
        <TableBody>
          {branches.map((branch) => (
            <Tr key={branch.id}>
              <Td>{branch.name}</Td>
              <Td>{branch.retainRejectedDocumentsMonths === null ? never : plural(branch.retainRejectedDocumentsMonths, 'mes', 'meses')}</Td>
              <Td>{branch.retainEndedPolicyDocumentsYears === null ? never : plural(branch.retainEndedPolicyDocumentsYears, 'año', 'años')}</Td>
              <Td>{branch.retainClosedClaimsYears === null ? never : plural(branch.retainClosedClaimsYears, 'año', 'años')}</Td>
              <Td className="text-right">
                <Link
                  to={paths.admin.branches.edit.to(branch.id)}
                  className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
                  aria-label={`Editar los plazos de ${branch.name}`}
                >
                  Editar
                </Link>
              </Td>
            </Tr>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

function DueFiles({ preview }: { preview: RetentionPreview }) {
  const { totals } = preview;
  return (
    <section className="min-w-0 space-y-3" aria-labelledby="retention-due">
      <h2 id="retention-due" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        Se eliminarán en la próxima ejecución
      </h2>
      {preview.policies.length === 0 ? (
        <EmptyState title="No hay documentos por eliminar." description={`Simulación al ${formatDate(preview.today)}.`} />
      ) : (
        <>
          <Card className="px-4 py-3 text-sm text-slate-700 dark:text-slate-300" role="status">
            {plural(totals.files, 'archivo', 'archivos')} de {plural(totals.policies, 'póliza', 'pólizas')} ({formatFileSize(totals.bytes)}) · simulación al{' '}
            {formatDate(preview.today)}
            {totals.policies > preview.policies.length ? (
              <span className="block text-slate-500 dark:text-slate-400">
                Se muestran las primeras {preview.policies.length} pólizas, las de plazo más antiguo.
              </span>
            ) : null}
          </Card>
          <Table label="Documentos por eliminar" className="min-w-[32rem]">
            <TableHead>
              <Tr>
                <Th>Póliza</Th>
                <Th>Sucursal</Th>
                <Th>Motivo</Th>
                <Th className="hidden md:table-cell">Desde</Th>
                <Th>Archivos</Th>
                <Th className="hidden md:table-cell">Tamaño</Th>
              </Tr>
            </TableHead>
            <TableBody>
              {preview.policies.map((policy) => (
                <Tr key={policy.policyId}>
                  <Td>
                    <Link to={paths.policies.detail.to(policy.policyId)} className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400">
                      {policyDisplayFolio(policy)}
                    </Link>
                  </Td>
                  <Td>{policy.branchName}</Td>
                  <Td>{retentionReasonLabels[policy.reason]}</Td>
                  <Td className="hidden whitespace-nowrap md:table-cell">{formatDate(policy.since)}</Td>
                  <Td>{policy.files.length}</Td>
                  <Td className="hidden whitespace-nowrap md:table-cell">{formatFileSize(policy.files.reduce((sum, file) => sum + file.size, 0))}</Td>
                </Tr>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </section>
  );
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
