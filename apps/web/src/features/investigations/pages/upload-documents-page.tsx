import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { ClipboardList } from 'lucide-react';
import { investigationMessages, policyTypeLabels, requiredDocuments, type InvestigationDocument } from '@portal/domain';
import { investigationOrigin, paths } from '@/lib/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { PolicyLinksPanel } from '@/features/public-links';
import { Button } from '@/components/ui/button';
import { QueryError, QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/state-panels';
import { useInvestigationDocuments } from '../api';
import { ClosedInvestigationNotice } from '../components/closed-investigation-notice';
import { DocumentSlotCard } from '../components/document-slot-card';
import { InvestigationPageHeader } from '../components/investigation-page-header';
import type { InvestigationNavState } from '../components/investigation-nav-state';
import { MissingFolioState } from '../components/missing-folio-state';
import { useInvestigationStatus, type InvestigationStatus } from '../components/use-investigation-status';
import { useUploadTarget, type UploadTarget } from '../components/use-upload-target';

/** /upload-documents: 'Subir Documentos de Investigación', one card per document the policy asks for. */
export function UploadDocumentsPage() {
  usePageTitle(investigationMessages.uploadTitle);
  const target = useUploadTarget();
  const folio = target.kind === 'missing' ? '' : target.folio;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <InvestigationPageHeader
        title={investigationMessages.uploadTitle}
        folio={folio}
        actions={target.kind === 'ready' ? <ResultsLink policy={target.policy} /> : null}
      />
      <UploadTargetBody target={target} />
    </div>
  );
}

function UploadTargetBody({ target }: { target: UploadTarget }) {
  switch (target.kind) {
    case 'missing':
      return <MissingFolioState />;
    case 'loading':
      return <Spinner label="Cargando investigación..." className="py-16" />;
    case 'error':
      return <QueryError query={target.lookup} title="No se pudo cargar la investigación" />;
    case 'not-found':
      return (
        <EmptyState
          title={investigationMessages.investigationNotFound}
          description={`No hay una póliza con el folio ${target.folio} en su sucursal.`}
          action={
            <Button asChild variant="secondary">
              <Link to={paths.policies.tracking.to()}>Ir a Seguimiento de Pólizas</Link>
            </Button>
          }
        />
      );
    case 'ready':
      return <DocumentSlots policy={target.policy} />;
  }
}

/** The slots, once the stored documents are known (a slot already uploaded shows as done). */
function DocumentSlots({ policy }: { policy: InvestigationNavState }) {
  const documents = useInvestigationDocuments(policy.investigationId);
  const investigation = useInvestigationStatus(policy.investigationId);
  return (
    <QueryState query={documents} loading={investigationMessages.loading} errorTitle={investigationMessages.loadError}>
      {(stored) => <SlotList policy={policy} stored={stored} investigation={investigation} />}
    </QueryState>
  );
}

interface SlotListProps {
  policy: InvestigationNavState;
  stored: InvestigationDocument[];
  investigation: InvestigationStatus;
}

function SlotList({ policy, stored, investigation }: SlotListProps) {
  const required = requiredDocuments(policy.policyType, { hasGuarantor: policy.guarantorId != null });
  const uploaded = useMemo(() => byDocumentType(stored), [stored]);
  return (
    <div className="space-y-4">
      {investigation.status && !investigation.open ? <ClosedInvestigationNotice status={investigation.status} /> : null}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Documentos que pide una póliza {policyTypeLabels[policy.policyType]}. Formatos aceptados: PDF, JPG o PNG. Elija el archivo
        de cada documento y pulse «Subir»; subir otro archivo en el mismo lugar reemplaza al anterior.
      </p>
      {required.map((document) => (
        <DocumentSlotCard key={document.slot} folio={policy.investigationId} document={document} uploaded={uploaded} locked={!investigation.open} />
      ))}
      <LinksCard policy={policy} open={investigation.open} />
    </div>
  );
}

/** 'Enlaces' (issue 17): instead of uploading for them, send each person a link to upload their own. */
function LinksCard({ policy, open }: { policy: InvestigationNavState; open: boolean }) {
  const policyId = Number(policy.policyId);
  if (!Number.isInteger(policyId) || policyId <= 0) return null;
  return (
    <section aria-labelledby="upload-links-heading" className="space-y-3 pt-4">
      <h2 id="upload-links-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Enlaces
      </h2>
      <PolicyLinksPanel policyId={policyId} folio={policy.investigationId} uploadOpen={open} />
    </section>
  );
}

function byDocumentType(documents: InvestigationDocument[]): ReadonlyMap<string, InvestigationDocument> {
  return new Map(documents.map((document) => [document.documentType, document]));
}

/** To the results, still under the list the upload screen was opened from. */
function ResultsLink({ policy }: { policy: InvestigationNavState }) {
  const from = investigationOrigin(useLocation().search) ?? undefined;
  return (
    <Button asChild variant="secondary">
      <Link to={paths.policies.results.to(policy.investigationId, from)} state={policy}>
        <ClipboardList aria-hidden="true" />
        Mostrar Resultados
      </Link>
    </Button>
  );
}
