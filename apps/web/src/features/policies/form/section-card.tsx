import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** One part of the policy form in its own card: a titled region, found by its heading. */
export function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-5 p-5 sm:p-6">
        <div className="space-y-1">
          <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
            {title}
          </h2>
          {description ? <p className="text-sm text-slate-500 dark:text-slate-400">{description}</p> : null}
        </div>
        {children}
      </section>
    </Card>
  );
}
