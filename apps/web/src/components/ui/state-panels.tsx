import type { ReactNode } from 'react';
import { AlertTriangle, Inbox, RotateCw } from 'lucide-react';
import { Button } from './button';

/** Shown when a list has nothing to show. */
export function EmptyState({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700">
      <Inbox aria-hidden="true" className="size-10 text-slate-400" />
      <p className="mt-3 text-base font-medium text-slate-900 dark:text-white">{title}</p>
      {description ? <p className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

/** Shown when loading failed: the message and a 'Reintentar' button. */
export function ErrorState({
  title,
  message,
  onRetry,
  retrying,
  action,
}: {
  title: string;
  message?: string;
  onRetry?: () => void;
  retrying?: boolean;
  action?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center rounded-xl border border-red-200 bg-red-50/60 px-6 py-12 text-center dark:border-red-900 dark:bg-red-950/30"
    >
      <AlertTriangle aria-hidden="true" className="size-10 text-red-500" />
      <p className="mt-3 text-base font-medium text-slate-900 dark:text-white">{title}</p>
      {message ? <p className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">{message}</p> : null}
      <div className="mt-5 flex flex-wrap justify-center gap-2">
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry} disabled={retrying}>
            <RotateCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
            Reintentar
          </Button>
        ) : null}
        {action}
      </div>
    </div>
  );
}
