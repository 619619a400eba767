import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The expediente's sections and their anchors (`/policies/{id}#documentos`). */
export const fileSections = [
  { id: 'resumen', label: 'Resumen' },
  { id: 'documentos', label: 'Documentos' },
  { id: 'enlaces', label: 'Enlaces' },
  { id: 'contratos', label: 'Contratos' },
  { id: 'firma', label: 'Firma electrónica' },
  { id: 'honorarios', label: 'Honorarios' },
  { id: 'rentas', label: 'Rentas' },
  { id: 'entrega', label: 'Entrega' },
  { id: 'incidencias', label: 'Incidencias' },
  { id: 'addendums', label: 'Addendums' },
  { id: 'citas', label: 'Citas' },
  { id: 'historial', label: 'Historial' },
  { id: 'accesos', label: 'Accesos' },
] as const;
export type FileSectionId = (typeof fileSections)[number]['id'];

interface FileSectionProps {
  id: FileSectionId;
  title: string;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * One anchored section: focusable (-1) so a deep link or the section menu lands the keyboard there
 * too, and scrolled below the sticky header and section menu (scroll-mt).
 */
export function FileSection({ id, title, actions, className, children }: FileSectionProps) {
  const headingId = useId();
  return (
    <section id={id} tabIndex={-1} aria-labelledby={headingId} className={cn('scroll-mt-36 space-y-4 outline-none', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white print:text-base">
          {title}
        </h2>
        {actions ? <div className="flex flex-wrap gap-2 print:hidden">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
