import { addendumMessages } from '@portal/domain';
import { usePageTitle } from '@/lib/use-page-title';
import { PageHeader } from '@/components/ui/page-header';
import { useCreateAddendum } from '../api';
import { AddendumForm } from '../form/addendum-form';

/** /addendums/new: 'Crear Nuevo Addendum', for one of the branch's active policies. */
export function AddendumCreatePage() {
  usePageTitle(addendumMessages.createTitle);
  const createAddendum = useCreateAddendum();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={addendumMessages.createTitle} />
      <AddendumForm onSave={(body) => createAddendum.mutateAsync(body)} />
    </div>
  );
}
