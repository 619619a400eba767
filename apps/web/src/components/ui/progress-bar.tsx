import { cn } from '@/lib/cn';

/** A determinate progress bar (0–100), named by the element `labelledBy` points to. */
export function ProgressBar({ percent, labelledBy, className }: { percent: number; labelledBy: string; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800', className)}
    >
      <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
