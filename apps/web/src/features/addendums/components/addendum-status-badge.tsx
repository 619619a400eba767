import type { AddendumStatus } from '@portal/domain';
import { Badge } from '@/components/ui/badge';
import { statusLabel } from './addendum-format';

/** In force green, waiting amber, cancelled grey; the colour only repeats what the text says. */
const statusColours: Record<AddendumStatus, string> = {
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-900',
  pending: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-900',
  canceled: 'bg-slate-100 text-slate-600 ring-slate-300 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700',
};

export function AddendumStatusBadge({ status }: { status: AddendumStatus }) {
  return <Badge className={`whitespace-nowrap ${statusColours[status] ?? ''}`}>{statusLabel(status)}</Badge>;
}
