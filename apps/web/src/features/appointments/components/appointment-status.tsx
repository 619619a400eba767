import { CheckCircle2, CircleCheckBig, Clock, XCircle, type LucideIcon } from 'lucide-react';
import type { AppointmentStatus } from '@portal/domain';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/badge';
import { statusLabel } from './appointment-format';

interface StatusStyle {
  icon: LucideIcon;
  /** The badge's colours. */
  badge: string;
  /** A calendar entry's colours. */
  chip: string;
  /** The left stripe of a card or calendar entry. */
  stripe: string;
}

/** Each status its colour and icon (spec section 4); the text always says it too. */
const statusStyles: Record<AppointmentStatus, StatusStyle> = {
  pending: {
    icon: Clock,
    badge: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-900',
    stripe: 'border-l-amber-500',
    chip: 'bg-amber-50 text-amber-950 hover:bg-amber-100 dark:bg-amber-950/60 dark:text-amber-100 dark:hover:bg-amber-900/60',
  },
  confirmed: {
    icon: CheckCircle2,
    badge: 'bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-900',
    stripe: 'border-l-emerald-500',
    chip: 'bg-emerald-50 text-emerald-950 hover:bg-emerald-100 dark:bg-emerald-950/60 dark:text-emerald-100 dark:hover:bg-emerald-900/60',
  },
  cancelled: {
    icon: XCircle,
    badge: 'bg-red-50 text-red-700 ring-red-200 dark:bg-red-950 dark:text-red-300 dark:ring-red-900',
    stripe: 'border-l-red-500',
    chip: 'bg-red-50 text-red-950 line-through decoration-red-400 hover:bg-red-100 dark:bg-red-950/60 dark:text-red-100 dark:hover:bg-red-900/60',
  },
  completed: {
    icon: CircleCheckBig,
    badge: 'bg-sky-50 text-sky-700 ring-sky-200 dark:bg-sky-950 dark:text-sky-300 dark:ring-sky-900',
    stripe: 'border-l-sky-500',
    chip: 'bg-sky-50 text-sky-950 hover:bg-sky-100 dark:bg-sky-950/60 dark:text-sky-100 dark:hover:bg-sky-900/60',
  },
};

const fallbackStyle = statusStyles.pending;

export function styleOf(status: string): StatusStyle {
  return statusStyles[status as AppointmentStatus] ?? fallbackStyle;
}

/** 'Pendiente', 'Confirmada'… with the status's icon and colour. */
export function AppointmentStatusBadge({ status, className }: { status: AppointmentStatus; className?: string }) {
  const style = styleOf(status);
  const Icon = style.icon;
  return (
    <Badge data-status={status} className={cn('gap-1 whitespace-nowrap', style.badge, className)}>
      <Icon aria-hidden="true" className="size-3.5" />
      {statusLabel(status)}
    </Badge>
  );
}
