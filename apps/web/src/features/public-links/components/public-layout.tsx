import type { ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';

interface PublicLayoutProps {
  /** Who is asking (the branch); the portal's name when none. */
  branchName?: string;
  /** Instead of the portal's name under the branch: what the page is (/verificar). */
  subtitle?: string;
  /** The line at the foot: by default, that the link is personal. */
  footer?: string;
  children: ReactNode;
}

/**
 * The frame of a page opened without a session, made for a phone first: a person's link (it says
 * who is asking, the branch, and reminds that the link is personal) or /verificar (issue 35).
 */
export function PublicLayout({ branchName, subtitle, footer = 'Este enlace es personal: no lo comparta.', children }: PublicLayoutProps) {
  const below = subtitle ?? (branchName ? 'Portal de Pólizas' : null);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-2xl items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-brand-600 dark:text-brand-400" />
          <div className="min-w-0">
            <p className="truncate text-base font-semibold">{branchName ?? 'Portal de Pólizas'}</p>
            {below ? <p className="text-xs text-slate-500 dark:text-slate-400">{below}</p> : null}
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-5">{children}</main>
      <footer className="px-4 pb-5 text-center text-xs text-slate-500 dark:text-slate-400">{footer}</footer>
    </div>
  );
}
