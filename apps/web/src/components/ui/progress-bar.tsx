import { cn } from '@/lib/cn';

/** A determinate progress bar (0–100), named by the element `labelledBy` points to; `valueText` says the value in words ('240 KB de 712 KB enviados'). */
export function ProgressBar({ percent, labelledBy, valueText, className }: { percent: number; labelledBy: string; valueText?: string; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={cn('h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800', className)}
    >
      <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
