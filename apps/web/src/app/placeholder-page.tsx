import { Construction } from 'lucide-react';
import { usePageTitle } from '@/lib/use-page-title';
import { PageHeader } from '@/components/ui/page-header';

/** Screens of later issues: their title and a notice, until they are built. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <div className="space-y-6">
      <PageHeader title={title} />
      <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
        <Construction aria-hidden="true" className="size-10 text-slate-400" />
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Esta sección estará disponible próximamente.</p>
      </div>
    </div>
  );
}

export default PlaceholderPage;
