import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { policyMessages, policyStatusFilterLabels } from '@portal/domain';
import { paths } from '@/lib/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { PolicyExportButtons } from '../components/policy-export-buttons';
import { PolicyFilters } from '../components/policy-filters';
import { PolicyListTable } from '../components/policy-list-table';
import { PolicyResults } from '../components/policy-results';
import { usePolicyList } from '../components/use-policy-list';
import { useCanEditPolicy } from '../components/use-can-edit-policy';

/**
 * /policies: 'Pólizas', searched, filtered, sorted and paged on the server (scoped there to the
 * user's branch); the filters live in the URL, and the export takes the same ones.
 */
export function PoliciesPage() {
  usePageTitle('Pólizas');
  const list = usePolicyList();
  const canEdit = useCanEditPolicy();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Pólizas"
        actions={
          <>
            <PolicyExportButtons filters={list.filters} />
            {canEdit ? (
              <Button asChild>
                <Link to={paths.policies.new.to()}>
                  <Plus aria-hidden="true" />
                  Nueva Póliza
                </Link>
              </Button>
            ) : null}
          </>
        }
      />
      <PolicyFilters list={list} statusLabels={policyStatusFilterLabels} />
      <PolicyResults list={list} emptyText={policyMessages.emptyList} busyText={list.searching ? 'Buscando...' : null}>
        {(rows) => <PolicyListTable rows={rows} />}
      </PolicyResults>
    </div>
  );
}
