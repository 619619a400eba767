import { useId } from 'react';
import { Loader2 } from 'lucide-react';
import { formatFileSize } from '@/lib/file-size';
import type { SendStep } from '@/lib/send-document';
import { ProgressBar } from './progress-bar';

/**
 * What a file on its way is doing, in words and as a bar: 'Preparando la foto...', then
 * 'Enviando ine.jpg: 240 KB de 712 KB (34 %)' (with a bar whose value a screen reader reads in
 * the same words), or, between tries, 'Se interrumpió la conexión. Reintento 2 de 4 en 4 s...'.
 */
export function SendProgress({ fileName, step, maxAttempts }: { fileName: string; step: SendStep; maxAttempts: number }) {
  const labelId = useId();
  if (step.step === 'preparing') {
    return (
      <p role="status" className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
        <Loader2 aria-hidden="true" className="size-4 animate-spin text-brand-600" />
        Preparando la foto para enviarla...
      </p>
    );
  }
  if (step.step === 'waiting') {
    return (
      <p role="status" className="flex items-center gap-2 text-xs text-amber-800 dark:text-amber-300">
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        Se interrumpió el envío. Reintento {step.attempt} de {maxAttempts} en {step.seconds} s...
      </p>
    );
  }
  const percent = step.total > 0 ? Math.min(100, Math.round((step.sent / step.total) * 100)) : 0;
  const bytes = `${formatFileSize(step.sent)} de ${formatFileSize(step.total)}`;
  return (
    <div className="space-y-1">
      <p id={labelId} className="text-xs break-all text-slate-600 tabular-nums dark:text-slate-400">
        Enviando {fileName}: {bytes} ({percent}&nbsp;%){step.attempt > 1 ? ` · intento ${step.attempt} de ${maxAttempts}` : ''}
      </p>
      <ProgressBar percent={percent} labelledBy={labelId} valueText={`${bytes} enviados`} />
    </div>
  );
}
