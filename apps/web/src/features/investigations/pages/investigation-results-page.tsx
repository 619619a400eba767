import { useRef } from 'react';
import { X } from 'lucide-react';
import { hasRole, investigationMessages, policyEditorRoles, reviewerRoles, type InvestigationDocument } from '@portal/domain';
import { useErrorToast } from '@/lib/use-error-toast';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { useSession } from '@/features/auth';
import { useInvestigationDocuments } from '../api';
import { ClosedInvestigationNotice } from '../components/closed-investigation-notice';
import { DecisionBar } from '../components/decision-bar';
import { DocumentCard } from '../components/document-card';
import { InvestigationPageHeader } from '../components/investigation-page-header';
import { MissingFolioState } from '../components/missing-folio-state';
import { useGoBack } from '../components/use-go-back';
import { useInvestigationFolio } from '../components/use-investigation-folio';
import { useInvestigationStatus } from '../components/use-investigation-status';
import { useMissingDocuments } from '../components/use-missing-documents';

/** /policies/results: the investigation's documents, the reviewers' answers, and the decision. */
export function InvestigationResultsPage() {
  usePageTitle(investigationMessages.title);
  const { folio } = useInvestigationFolio();
  const goBack = useGoBack();

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <InvestigationPageHeader
        title={investigationMessages.title}
        folio={folio}
        actions={
          // Spec: 'Volver' and 'Cerrar' both go back one step.
          <Button variant="ghost" onClick={goBack}>
            <X aria-hidden="true" />
            Cerrar
          </Button>
        }
      />
      {folio ? <InvestigationResults folio={folio} /> : <MissingFolioState />}
    </div>
  );
}

function InvestigationResults({ folio }: { folio: string }) {
  const documents = useInvestigationDocuments(folio);
  const investigation = useInvestigationStatus(folio);
  const missing = useMissingDocuments(folio, documents.data);
  const { user } = useSession();
  const isReviewer = hasRole(user?.role, reviewerRoles);
  useErrorToast(documents.error, documents.errorUpdatedAt, 'Error', investigationMessages.loadErrorToast);

  return (
    <div className="space-y-4">
      {investigation.status && !investigation.open ? <ClosedInvestigationNotice status={investigation.status} /> : null}
      <QueryState
        query={documents}
        loading={investigationMessages.loading}
        errorTitle={investigationMessages.loadError}
        empty={<EmptyState title={investigationMessages.empty} />}
      >
        {(documents) => (
          <DocumentList folio={folio} documents={documents} canRespond={isReviewer} canDelete={investigation.open && hasRole(user?.role, policyEditorRoles)} />
        )}
      </QueryState>
      <DecisionBar
        folio={folio}
        hasDocuments={(documents.data?.length ?? 0) > 0}
        canDecide={isReviewer}
        decidable={investigation.decidable}
        missing={missing}
      />
    </div>
  );
}

interface DocumentListProps {
  folio: string;
  documents: InvestigationDocument[];
  canRespond: boolean;
  canDelete: boolean;
}

function DocumentList({ folio, documents, canRespond, canDelete }: DocumentListProps) {
  // A deleted card takes its focused button with it: focus goes back to the list.
  const listRef = useRef<HTMLDivElement>(null);
  return (
    <div
      ref={listRef}
      role="region"
      aria-label="Documentos de la investigación"
      // Scrollable, so reachable by keyboard (spec: at most half the viewport high).
      tabIndex={0}
      className="max-h-[50vh] overflow-y-auto rounded-xl focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <ul className="space-y-3 p-0.5">
        {documents.map((document) => (
          <li key={document.id}>
            <DocumentCard
              folio={folio}
              document={document}
              canRespond={canRespond}
              canDelete={canDelete}
              onDeleted={() => listRef.current?.focus()}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
