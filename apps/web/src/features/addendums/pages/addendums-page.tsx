import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { addendumEndpoints, addendumMessages, addendumStatusLabels, addendumStatuses, type AddendumStatus } from '@portal/domain';
import { paths } from '@/lib/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { ExportButtons } from '@/components/export-buttons';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { SelectField } from '@/components/ui/select-field';
import { AddendumListTable } from '../components/addendum-list-table';
import { AddendumResults } from '../components/addendum-results';
import { useCanEditAddendums } from '../components/use-addendum-editor';
import { useAddendumList } from '../components/use-addendum-list';

const searchPlaceholder = 'Buscar por póliza, cliente o descripción...';

/** /addendums: 'Addendums', searched and paged on the server (scoped there to the user's branch). */
export function AddendumsPage() {
  usePageTitle(addendumMessages.listTitle);
  const list = useAddendumList();
  const canEdit = useCanEditAddendums();

  return (
    <div className="space-y-6">
      <PageHeader
        title={addendumMessages.listTitle}
        actions={
          <>
            <ExportButtons endpoint={addendumEndpoints.export} list="addendums" query={{ q: list.q || undefined, status: list.status ?? undefined }} errorTitle="No se pudieron exportar los addendums" />
            {/* Approvers only read addendums: no way into a form they could not save. */}
            {canEdit ? (
              <Button asChild>
                <Link to={paths.addendums.new.to()}>
                  <Plus aria-hidden="true" />
                  {addendumMessages.newButton}
                </Link>
              </Button>
            ) : null}
          </>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchInput value={list.search} onChange={list.setSearch} placeholder={searchPlaceholder} className="sm:max-w-md" />
        <SelectField
          label="Estado"
          fieldClassName="sm:w-48"
          value={list.status ?? ''}
          onChange={(event) => list.setStatus((event.target.value || null) as AddendumStatus | null)}
        >
          <option value="">Todos</option>
          {addendumStatuses.map((status) => (
            <option key={status} value={status}>
              {addendumStatusLabels[status]}
            </option>
          ))}
        </SelectField>
      </div>
      <AddendumResults list={list}>{(rows) => <AddendumListTable rows={rows} />}</AddendumResults>
    </div>
  );
}
