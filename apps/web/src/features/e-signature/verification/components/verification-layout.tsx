import type { ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';
import { verificationTexts as texts } from '../verification-texts';

/** /verificar's frame: no menu, no session, made for a phone first. */
export function VerificationLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-2xl items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-brand-600 dark:text-brand-400" />
          <div className="min-w-0">
            <p className="truncate text-base font-semibold">{texts.portal}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{texts.subtitle}</p>
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-2xl flex-1 space-y-5 px-4 py-5">{children}</main>
      <footer className="px-4 pb-5 text-center text-xs text-slate-500 dark:text-slate-400">{texts.footer}</footer>
    </div>
  );
}
