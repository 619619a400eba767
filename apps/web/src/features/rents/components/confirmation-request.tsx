import { useId, useRef } from 'react';
import { Copy, MessageCircle } from 'lucide-react';
import { businessDate, lastDayOnTime, rentConfirmationAnsweredLabels, type RentMonth, type RentMonthConfirmation } from '@portal/domain';
import { cn } from '@/lib/cn';
import { copyText } from '@/lib/copy-text';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { controlClasses } from '@/components/ui/input';
import { useConfirmationLink } from '../api';

/*
 * The owner's confirmation of a month (issue 32), as staff see it in the month's details, and
 * 'Pedir confirmación por WhatsApp': a fresh link, shown once inside a message to copy or open
 * in WhatsApp.
 */

const texts = {
  ask: 'Pedir confirmación por WhatsApp',
  asking: 'Generando enlace...',
  replacesHint: 'El enlace enviado antes al propietario dejará de funcionar.',
  failed: 'No se pudo generar el enlace',
  messageLabel: 'Mensaje para el propietario',
  shownOnce: 'Este enlace solo se muestra ahora. Si lo pierde, vuelva a pedir la confirmación.',
  copy: 'Copiar mensaje',
  copied: 'Mensaje copiado',
  copyFailed: 'No se pudo copiar el mensaje',
  copyFailedHint: 'Quedó seleccionado: cópielo con Ctrl+C (o mantenga presionado en el teléfono).',
  openWhatsapp: 'Abrir WhatsApp',
  noPhone: 'El propietario no tiene un teléfono válido',
} as const;

const times = (count: number) => (count === 1 ? '1 vez' : `${count} veces`);

/** 'Sin pedir', 'Pedida 2 veces, la última el …; sin respuesta', or what the owner answered and when. */
export function confirmationText(confirmation: RentMonthConfirmation | null): string {
  if (!confirmation) return 'Sin pedir';
  if (confirmation.state === 'answered' && confirmation.answer) return `${rentConfirmationAnsweredLabels[confirmation.answer]} · ${formatDateTime(confirmation.answeredAt)}`;
  return `Pedida ${times(confirmation.askedCount)}, la última el ${formatDateTime(confirmation.askedAt)}; sin respuesta`;
}

/** A month the owner may be asked about: past its deadline (due date plus grace) and not paid or waived. */
export function isAskable(month: RentMonth, today = businessDate()): boolean {
  return !['paid', 'paid_late', 'waived'].includes(month.state) && lastDayOnTime(month) < today;
}

export function ConfirmationRequest({ policyId, month }: { policyId: number; month: RentMonth }) {
  const issue = useConfirmationLink(policyId);
  const issued = issue.data;
  return (
    <div className="mt-5 space-y-3">
      {issue.isError ? (
        <Alert>
          {texts.failed}: {errorMessage(issue.error)}
        </Alert>
      ) : null}
      {issued ? (
        <IssuedMessage text={issued.whatsappText} whatsappUrl={issued.whatsappUrl} />
      ) : (
        <div className="space-y-1.5">
          <Button variant="success-outline" disabled={issue.isPending} aria-busy={issue.isPending || undefined} onClick={() => issue.mutate(month.id)}>
            <MessageCircle aria-hidden="true" />
            {issue.isPending ? texts.asking : texts.ask}
          </Button>
          {month.confirmation?.state === 'asked' ? <p className="text-xs text-slate-500 dark:text-slate-400">{texts.replacesHint}</p> : null}
        </div>
      )}
    </div>
  );
}

/** The message with the link, shown once: copy it, or open WhatsApp with it written. */
function IssuedMessage({ text, whatsappUrl }: { text: string; whatsappUrl: string | null }) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    if (await copyText(text)) return void notify.success(texts.copied);
    area.current?.focus();
    area.current?.select();
    notify.error(texts.copyFailed, texts.copyFailedHint);
  };
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {texts.messageLabel}
      </label>
      <textarea
        ref={area}
        id={id}
        readOnly
        value={text}
        rows={4}
        aria-describedby={`${id}-hint`}
        onFocus={(event) => event.currentTarget.select()}
        className={cn(controlClasses, 'min-h-24 py-2 text-sm')}
      />
      <p id={`${id}-hint`} className="text-xs text-amber-800 dark:text-amber-300">
        {texts.shownOnce}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {texts.copy}
        </Button>
        {whatsappUrl ? (
          <Button asChild variant="success-outline">
            <a href={whatsappUrl} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" />
              {texts.openWhatsapp}
            </a>
          </Button>
        ) : (
          <Button variant="success-outline" disabled>
            <MessageCircle aria-hidden="true" />
            {texts.noPhone}
          </Button>
        )}
      </div>
    </div>
  );
}
