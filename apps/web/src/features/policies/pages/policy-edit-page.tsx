import { Link, useParams } from 'react-router';
import { policyMessages } from '@portal/domain';
import { paths } from '@/lib/paths';
import { useErrorToast } from '@/lib/use-error-toast';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { ErrorState } from '@/components/ui/state-panels';
import { usePolicy, useUpdatePolicy } from '../api';
import { InvestigationLinks } from '../components/investigation-links';
import { PolicyHistory } from '../components/policy-history';
import { PolicyForm } from '../form/policy-form';
import { useAfterPolicySave } from '../form/use-after-policy-save';

/** /policies/:id/edit: 'Editar Póliza', with the policy's history below the form. */
export function PolicyEditPage() {
  usePageTitle('Editar Póliza');
  const id = Number(useParams().id);
  const policy = usePolicy(id);
  const updatePolicy = useUpdatePolicy();
  const afterSave = useAfterPolicySave();
  useErrorToast(policy.error, policy.errorUpdatedAt, policyMessages.loadError);

  const invalidId = !Number.isInteger(id) || id <= 0;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title="Editar Póliza"
        description={policy.data?.investigationId || undefined}
        actions={policy.data ? <InvestigationLinks policy={policy.data} /> : undefined}
      />
      {invalidId ? (
        <ErrorState title={policyMessages.loadError} message="El identificador de la póliza no es válido." action={<BackToList />} />
      ) : (
        <QueryState query={policy} loading="Cargando póliza..." errorTitle={policyMessages.loadError} errorAction={<BackToList />}>
          {(current) => (
            <>
              <PolicyForm
                key={current.id}
                policy={current}
                onSave={async (body, ifMatch) => {
                  const stored = await updatePolicy.mutateAsync({ id, body, ifMatch });
                  await afterSave(policyMessages.updated);
                  return stored;
                }}
                onReload={async () => (await policy.refetch({ throwOnError: true })).data}
              />
              <PolicyHistory policyId={current.id} />
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}

function BackToList() {
  return (
    <Button asChild variant="secondary">
      <Link to={paths.policies.list.to()}>Volver a pólizas</Link>
    </Button>
  );
}
