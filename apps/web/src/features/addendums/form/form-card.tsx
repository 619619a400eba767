import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** One part of the addendum form in its own card: a titled region, found by its heading. */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-5 p-5 sm:p-6">
        <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}
