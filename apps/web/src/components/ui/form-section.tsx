import type { ReactNode } from 'react';

/** A titled group of fields inside a form card. */
export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-slate-900 dark:text-white">{title}</legend>
      {description ? <p className="-mt-2 text-sm text-slate-500 dark:text-slate-400">{description}</p> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
