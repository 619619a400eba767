import { useState, type ReactNode } from 'react';
import { ChevronRight, Download, RefreshCcw } from 'lucide-react';
import type { PolicyContracts } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { usePolicyContracts, useRegenerateContracts } from '../api';
import { ContractDocumentLine } from './contract-document-line';
import { groupPacks, type ContractPack } from './contract-packs';
import { useContractFiles } from './use-contract-files';

type ContractFiles = ReturnType<typeof useContractFiles>;

const emptyTitle = 'Aún no se han generado contratos para esta póliza';
const emptyDescription = 'Se generan con «Generar Contratos» cuando la investigación está aprobada.';

function PackCard({ pack, files, actions }: { pack: ContractPack; files: ContractFiles; actions?: ReactNode }) {
  return (
    <Card data-testid={`contract-pack-${pack.version}`}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 p-4 dark:border-slate-800">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900 dark:text-white">
            Versión {pack.version}
            {pack.superseded ? <Badge tone="neutral">Reemplazado</Badge> : <Badge tone="success">Vigente</Badge>}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Generada el {formatDateTime(pack.createdAt)} por {pack.createdByName}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={files.busy === `pack-${pack.version}`}
            onClick={() => void files.downloadPack(pack.version)}
            aria-label={`Descargar paquete (versión ${pack.version})`}
          >
            <Download aria-hidden="true" />
            Descargar paquete
          </Button>
          {actions}
        </div>
      </div>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {pack.documents.map((document) => (
          <ContractDocumentLine key={document.id} document={document} files={files} />
        ))}
      </ul>
    </Card>
  );
}

/** Older packs, kept for the record: folded away so the current one is what the eye meets. */
function OlderPacks({ packs, files }: { packs: ContractPack[]; files: ContractFiles }) {
  if (packs.length === 0) return null;
  return (
    <details className="group rounded-xl border border-slate-200 dark:border-slate-800">
      <summary className="flex cursor-pointer items-center gap-2 rounded-xl px-4 py-3 text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-300">
        <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
        Versiones anteriores ({packs.length})
      </summary>
      <div className="space-y-3 p-3 pt-0">
        {packs.map((pack) => (
          <PackCard key={pack.version} pack={pack} files={files} />
        ))}
      </div>
    </details>
  );
}

function RegenerateButton({ policyId }: { policyId: number }) {
  const [asking, setAsking] = useState(false);
  const regenerate = useRegenerateContracts(policyId);
  const confirm = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        notify.success('Contratos regenerados');
      },
      onError: (error) => {
        setAsking(false);
        if (!isSessionExpired(error)) notify.error('No se pudieron regenerar los contratos', errorMessage(error));
      },
    });
  return (
    <>
      <Button size="sm" onClick={() => setAsking(true)} disabled={regenerate.isPending}>
        <RefreshCcw aria-hidden="true" />
        {regenerate.isPending ? 'Regenerando...' : 'Regenerar contratos'}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => (regenerate.isPending ? undefined : setAsking(open))}
        title="¿Regenerar los contratos?"
        description="Se generará una nueva versión con los datos actuales de la póliza y las plantillas vigentes. El paquete actual se conservará marcado como reemplazado."
        confirmLabel="Regenerar"
        busy={regenerate.isPending}
        onConfirm={confirm}
      />
    </>
  );
}

function ContractsContent({ contracts, folio }: { contracts: PolicyContracts; folio: string }) {
  const files = useContractFiles(contracts.policyId, folio);
  const packs = groupPacks(contracts.documents, contracts.currentVersion);
  const current = packs.find((pack) => pack.version === contracts.currentVersion && contracts.currentVersion > 0);
  if (!current) return <EmptyState title={emptyTitle} description={emptyDescription} />;
  return (
    <div className="space-y-3">
      <PackCard
        pack={current}
        files={files}
        actions={contracts.canRegenerate ? <RegenerateButton policyId={contracts.policyId} /> : null}
      />
      {contracts.canRegenerate ? null : (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Los contratos solo se regeneran mientras la póliza está en «Contratos generados».
        </p>
      )}
      <OlderPacks packs={packs.filter((pack) => pack !== current)} files={files} />
    </div>
  );
}

/** The expediente's 'Contratos': the current pack, older versions folded, each PDF viewable and downloadable. */
export function ContractsPanel({ policyId, folio }: { policyId: number; folio: string }) {
  const contracts = usePolicyContracts(policyId);
  return (
    <QueryState query={contracts} loading="Cargando contratos..." loadingClassName="py-10" errorTitle="Error al cargar los contratos">
      {(packs) => <ContractsContent contracts={packs} folio={folio} />}
    </QueryState>
  );
}
