import { Link } from 'react-router';
import { CheckCircle2, CircleAlert, ClipboardList, Upload } from 'lucide-react';
import { investigationMessages, isChecklistComplete, type DocumentChecklistItem, type Policy, type PolicyFile } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/state-panels';
import { DocumentCard, investigationResultsLink, uploadDocumentsLink, useInvestigationDocuments } from '@/features/investigations';
import { isInvestigationOpen } from '../row-actions';
import { ClaimDocumentsList } from './claim-documents-list';
import { FileSection } from './file-section';

/** 'Falta' / 'Faltan 2 de 3' / 'Completo': what a line of the checklist still needs. */
function checklistState(item: DocumentChecklistItem): string {
  const missing = item.expected - item.present;
  if (missing <= 0) return item.expected > 1 ? `Completo (${item.present} de ${item.expected})` : 'Entregado';
  if (item.expected === 1) return 'Falta';
  return `${missing === 1 ? 'Falta' : 'Faltan'} ${missing} de ${item.expected}`;
}

function ChecklistLine({ item }: { item: DocumentChecklistItem }) {
  const complete = item.present >= item.expected;
  const Icon = complete ? CheckCircle2 : CircleAlert;
  return (
    <li data-testid="checklist-item" data-complete={complete} className="flex items-start gap-3 py-2.5">
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${complete ? 'text-emerald-600' : 'text-amber-600'}`} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900 dark:text-white">{item.label}</p>
        {item.hint ? <p className="text-xs text-slate-500 dark:text-slate-400">{item.hint}</p> : null}
      </div>
      <span className={`shrink-0 text-sm font-medium ${complete ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-700 dark:text-amber-400'}`}>
        {checklistState(item)}
      </span>
    </li>
  );
}

function Checklist({ items }: { items: DocumentChecklistItem[] }) {
  const missing = items.filter((item) => item.present < item.expected).length;
  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Documentos requeridos</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {isChecklistComplete(items) ? 'Están todos los documentos que pide este tipo de póliza.' : `${missing === 1 ? 'Falta 1 documento' : `Faltan ${missing} documentos`} de ${items.length}.`}
      </p>
      <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
        {items.map((item) => (
          <ChecklistLine key={item.slot} item={item} />
        ))}
      </ul>
    </Card>
  );
}

function InvestigationLinks({ policy }: { policy: Policy }) {
  const investigation = { ...policy, guarantorId: policy.guarantors[0]?.id };
  const results = investigationResultsLink(investigation);
  const upload = uploadDocumentsLink(investigation);
  return (
    <>
      {isInvestigationOpen(policy.status) ? (
        <Button asChild variant="secondary" size="sm">
          <Link to={upload.to} state={upload.state}>
            <Upload aria-hidden="true" />
            Subir Documentos
          </Link>
        </Button>
      ) : null}
      <Button asChild variant="secondary" size="sm">
        <Link to={results.to} state={results.state}>
          <ClipboardList aria-hidden="true" />
          Mostrar Resultados
        </Link>
      </Button>
    </>
  );
}

/** The stored files, read only: view, download and the reviewer's answer, at any status. */
function StoredDocuments({ folio }: { folio: string }) {
  const documents = useInvestigationDocuments(folio);
  return (
    <QueryState
      query={documents}
      loading={investigationMessages.loading}
      loadingClassName="py-10"
      errorTitle={investigationMessages.loadError}
      empty={<EmptyState title={investigationMessages.empty} />}
    >
      {(documents) => (
        <div className="grid gap-3 md:grid-cols-2">
          {documents.map((document) => (
            <DocumentCard key={document.id} folio={folio} document={document} canRespond={false} canDelete={false} onDeleted={() => undefined} />
          ))}
        </div>
      )}
    </QueryState>
  );
}

interface DocumentsSectionProps {
  policy: Policy;
  checklist: DocumentChecklistItem[] | undefined;
  /** The documents drawn in the policy's incidencias (issue 33). */
  claimDocuments?: PolicyFile['claimDocuments'] | undefined;
}

/** 'Documentos': what the policy's type requires and what is missing, then the files themselves. */
export function DocumentsSection({ policy, checklist, claimDocuments }: DocumentsSectionProps) {
  return (
    <FileSection id="documentos" title="Documentos" actions={<InvestigationLinks policy={policy} />} className="print:hidden">
      {checklist ? <Checklist items={checklist} /> : <Spinner label="Cargando documentos requeridos..." className="py-6" />}
      <ClaimDocumentsList documents={claimDocuments} />
      <StoredDocuments folio={policy.investigationId} />
    </FileSection>
  );
}
