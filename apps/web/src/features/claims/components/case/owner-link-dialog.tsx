import { useId, useRef, useState } from 'react';
import { Copy, Link2, MessageCircle } from 'lucide-react';
import { claimOwnerLinkDays, whatsappHref, type ClaimOwnerLink, type Policy } from '@portal/domain';
import { cn } from '@/lib/cn';
import { copyText } from '@/lib/copy-text';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { controlClasses } from '@/components/ui/input';
import { SecretUrlField } from '@/components/ui/secret-url-field';
import { useOwnerLink } from '../../api/case';

const texts = {
  title: 'Enlace del propietario',
  explain: `El propietario reporta un problema (con fotos o archivos) y sigue la etapa de sus incidencias desde su teléfono, sin cuenta. El enlace es personal: solo para el propietario de esta póliza. Vence a los ${claimOwnerLinkDays} días.`,
  generate: 'Generar enlace',
  generating: 'Generando enlace...',
  failed: 'No se pudo generar el enlace',
  copy: 'Copiar',
  copied: 'Enlace copiado',
  copyFailed: 'No se pudo copiar',
  copyFailedHint: 'Quedó seleccionado: cópielo con Ctrl+C (o mantenga presionado en el teléfono).',
  messageLabel: 'Mensaje de WhatsApp para el propietario',
  copyMessage: 'Copiar mensaje',
  messageCopied: 'Mensaje copiado',
  openWhatsapp: 'Abrir WhatsApp',
} as const;

/** 'Enlace del propietario': a fresh link, shown once, to copy or send by WhatsApp. */
export function OwnerLinkButton({ policy }: { policy: Policy }) {
  const issue = useOwnerLink(policy.id);
  const [link, setLink] = useState<ClaimOwnerLink | null>(null);
  // A failure is told in the dialog (issue.error); a session that ended is told at /login.
  const create = () => issue.mutate(undefined, { onSuccess: setLink });
  const owner = policy.property.owner;
  return (
    <Dialog
      onOpenChange={() => {
        // Closing forgets the link: it is shown once.
        setLink(null);
        issue.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary">
          <Link2 aria-hidden="true" />
          {texts.title}
        </Button>
      </DialogTrigger>
      <DialogContent title={texts.title} description={texts.explain} className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <div className="mt-5 space-y-4">
          {issue.isError && !isSessionExpired(issue.error) ? (
            <Alert>
              {texts.failed}: {errorMessage(issue.error)}
            </Alert>
          ) : null}
          {link ? (
            <>
              <SecretUrlField
                url={link.url}
                texts={{
                  label: `Enlace para ${owner.name || 'el propietario'}`,
                  shownOnce: `Se muestra solo ahora y vence el ${formatDate(link.expiresAt)}. Si se pierde, genere otro.`,
                  copy: texts.copy,
                  copied: texts.copied,
                  copyFailed: texts.copyFailed,
                  copyFailedHint: texts.copyFailedHint,
                }}
              />
              <WhatsappMessage text={link.whatsappText} href={whatsappHref(owner.mobile || owner.phone, link.whatsappText) ?? `https://wa.me/?text=${encodeURIComponent(link.whatsappText)}`} />
            </>
          ) : (
            <Button type="button" disabled={issue.isPending} aria-busy={issue.isPending || undefined} onClick={create}>
              <Link2 aria-hidden="true" />
              {issue.isPending ? texts.generating : texts.generate}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The message with the link: copy it, or open WhatsApp with it written (to the owner's number when it has one). */
function WhatsappMessage({ text, href }: { text: string; href: string }) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    if (await copyText(text)) return void notify.success(texts.messageCopied);
    area.current?.focus();
    area.current?.select();
    notify.error(texts.copyFailed, texts.copyFailedHint);
  };
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {texts.messageLabel}
      </label>
      <textarea ref={area} id={id} readOnly value={text} rows={4} onFocus={(event) => event.currentTarget.select()} className={cn(controlClasses, 'min-h-24 py-2 text-sm')} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {texts.copyMessage}
        </Button>
        <Button asChild variant="success-outline">
          <a href={href} target="_blank" rel="noopener noreferrer">
            <MessageCircle aria-hidden="true" />
            {texts.openWhatsapp}
          </a>
        </Button>
      </div>
    </div>
  );
}
