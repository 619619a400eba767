import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Ocurrió un error inesperado.';
}

/** The router's error screen: the spec's 'Unexpected Application Error!' and a way back. */
export function ErrorScreen() {
  const error = useRouteError();
  return (
    <div className="flex min-h-dvh items-center justify-center px-4">
      <div role="alert" className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <AlertTriangle aria-hidden="true" className="mx-auto size-10 text-red-500" />
        <h1 className="mt-4 text-xl font-semibold">Unexpected Application Error!</h1>
        <p className="mt-2 text-sm break-words text-slate-600 dark:text-slate-400">{describe(error)}</p>
        <div className="mt-6 flex justify-center">
          <Button asChild>
            <Link to={paths.dashboard.to()} reloadDocument>
              Volver al inicio
            </Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
