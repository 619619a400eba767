import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { paths } from '@/lib/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  usePageTitle('Página no encontrada');
  return (
    <div className="flex flex-col items-center justify-center py-20 text-center">
      <Compass aria-hidden="true" className="size-12 text-slate-400" />
      <p className="mt-4 text-sm font-semibold text-brand-600 dark:text-brand-400">Error 404</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight">Página no encontrada</h1>
      <p className="mt-2 max-w-md text-sm text-slate-600 dark:text-slate-400">
        La página que busca no existe o fue movida. Revise la dirección o vuelva al inicio.
      </p>
      <Button asChild className="mt-6">
        <Link to={paths.dashboard.to()}>Ir al inicio</Link>
      </Button>
    </div>
  );
}
