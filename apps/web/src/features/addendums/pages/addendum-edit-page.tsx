import { Link, useParams } from 'react-router';
import { FolderOpen } from 'lucide-react';
import { addendumMessages } from '@portal/domain';
import { isApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { useErrorToast } from '@/lib/use-error-toast';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { ErrorState } from '@/components/ui/state-panels';
import { useAddendum, useUpdateAddendum } from '../api';
import { AddendumForm } from '../form/addendum-form';

/** The load failure's title: a 404 is 'No se encontró el addendum', anything else the spec's general one. */
function loadErrorTitle(error: unknown): string {
  return isApiError(error) && error.status === 404 ? addendumMessages.notFound : addendumMessages.loadOneError;
}

/** /addendums/:id/edit: 'Editar Addendum' (read-only once cancelled, or for an approver). */
export function AddendumEditPage() {
  usePageTitle(addendumMessages.editTitle);
  const id = Number(useParams().id);
  const addendum = useAddendum(id);
  const updateAddendum = useUpdateAddendum();
  useErrorToast(addendum.error, addendum.errorUpdatedAt, loadErrorTitle(addendum.error));
  const invalidId = !Number.isInteger(id) || id <= 0;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title={addendumMessages.editTitle}
        actions={
          addendum.data ? (
            <Button asChild variant="secondary">
              <Link to={paths.policies.detail.to(addendum.data.policyId)}>
                <FolderOpen aria-hidden="true" />
                Ver expediente de la póliza
              </Link>
            </Button>
          ) : undefined
        }
      />
      {invalidId ? (
        <ErrorState title={addendumMessages.notFound} message="El identificador del addendum no es válido." action={<BackToList />} />
      ) : (
        <QueryState query={addendum} loading="Cargando..." errorTitle={loadErrorTitle(addendum.error)} errorAction={<BackToList />}>
          {(current) => (
            <AddendumForm
              key={current.id}
              addendum={current}
              onSave={(body, ifMatch) => updateAddendum.mutateAsync({ id, body, ifMatch })}
              onReload={async () => (await addendum.refetch({ throwOnError: true })).data}
            />
          )}
        </QueryState>
      )}
    </div>
  );
}

function BackToList() {
  return (
    <Button asChild variant="secondary">
      <Link to={paths.addendums.list.to()}>Volver a addendums</Link>
    </Button>
  );
}
