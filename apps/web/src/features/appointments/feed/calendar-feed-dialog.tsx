import { useState } from 'react';
import { Link2, Link2Off, RefreshCw, Smartphone } from 'lucide-react';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { SecretUrlField } from '@/components/ui/secret-url-field';
import { useCreateAppointmentFeed, useRevokeAppointmentFeed } from '../api';

const feedTexts = {
  title: 'Calendario en tu teléfono',
  description:
    'Un enlace privado con las citas de tu sucursal, al que Google Calendar, Outlook o el calendario de tu teléfono se suscriben y que se actualiza solo.',
  activate: 'Activar enlace privado',
  regenerate: 'Generar nuevo enlace',
  deactivate: 'Desactivar',
  copy: 'Copiar',
  urlLabel: 'Enlace privado del calendario',
  shownOnce: 'Este enlace solo se muestra ahora: cópialo y guárdalo. Si lo pierdes, genera uno nuevo.',
  beforeActivate: 'Si ya habías activado un enlace, el nuevo lo reemplaza y el anterior deja de funcionar.',
  instructions: ['Google Calendar: Otros calendarios → Desde URL', 'Outlook: Agregar calendario → Suscribirse desde la web'],
  privateNote: 'Quien tenga el enlace ve las citas: no lo compartas.',
  copied: 'Enlace copiado',
  copyFailed: 'No se pudo copiar el enlace',
  copyFailedHint: 'Selecciónalo y cópialo a mano.',
  created: 'Enlace privado activado',
  regenerated: 'Nuevo enlace generado',
  createError: 'Error al activar el enlace privado',
  revoked: 'Enlace privado desactivado',
  revokeError: 'Error al desactivar el enlace privado',
  regenerateTitle: '¿Generar un nuevo enlace?',
  regenerateDescription: 'El enlace anterior dejará de funcionar: los calendarios suscritos a él dejarán de recibir las citas hasta que se suscriban al nuevo.',
  deactivateTitle: '¿Desactivar el enlace privado?',
  deactivateDescription: 'El enlace dejará de funcionar y los calendarios suscritos a él dejarán de recibir las citas.',
} as const;

type Asking = 'regenerate' | 'deactivate' | null;

/**
 * Beyond the spec: a private iCalendar feed of the branch's appointments. The server keeps only a
 * hash of the link, so it is shown once, right after it is made; a new one replaces it.
 */
export function CalendarFeedDialog() {
  // Kept outside the dialog's content, so closing and reopening it this visit still shows the link.
  const [url, setUrl] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const create = useCreateAppointmentFeed();
  const revoke = useRevokeAppointmentFeed();
  const busy = create.isPending || revoke.isPending;

  const activate = (regenerating: boolean) => {
    create.mutate(undefined, {
      onSuccess: (feed) => {
        setUrl(feed.url);
        setAsking(null);
        notify.success(regenerating ? feedTexts.regenerated : feedTexts.created);
      },
      onError: (error) => {
        setAsking(null);
        if (!isSessionExpired(error)) notify.error(feedTexts.createError, errorMessage(error));
      },
    });
  };

  const deactivate = () => {
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setAsking(null);
        notify.success(feedTexts.revoked);
      },
      onError: (error) => {
        setAsking(null);
        if (!isSessionExpired(error)) notify.error(feedTexts.revokeError, errorMessage(error));
      },
    });
  };

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Smartphone aria-hidden="true" />
          {feedTexts.title}
        </Button>
      </DialogTrigger>
      <DialogContent title={feedTexts.title} description={feedTexts.description} className="max-h-[90vh] overflow-y-auto">
        <div className="mt-4 space-y-4 text-sm">
          {url ? <SecretUrlField url={url} texts={{ ...feedTexts, label: feedTexts.urlLabel }} /> : <p className="text-slate-600 dark:text-slate-400">{feedTexts.beforeActivate}</p>}
          <div>
            <p className="font-medium text-slate-800 dark:text-slate-200">Cómo suscribirse</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-600 dark:text-slate-400">
              {feedTexts.instructions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{feedTexts.privateNote}</p>
          </div>
          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
            <Button variant="danger-outline" size="sm" disabled={busy} onClick={() => setAsking('deactivate')}>
              <Link2Off aria-hidden="true" />
              {feedTexts.deactivate}
            </Button>
            {url ? (
              <Button size="sm" disabled={busy} onClick={() => setAsking('regenerate')}>
                <RefreshCw aria-hidden="true" />
                {feedTexts.regenerate}
              </Button>
            ) : (
              <Button size="sm" disabled={busy} aria-busy={create.isPending || undefined} onClick={() => activate(false)}>
                <Link2 aria-hidden="true" />
                {feedTexts.activate}
              </Button>
            )}
          </div>
        </div>
        <ConfirmDialog
          open={asking === 'regenerate'}
          onOpenChange={(open) => (open || busy ? undefined : setAsking(null))}
          title={feedTexts.regenerateTitle}
          description={feedTexts.regenerateDescription}
          confirmLabel={feedTexts.regenerate}
          busy={busy}
          onConfirm={() => activate(true)}
        />
        <ConfirmDialog
          open={asking === 'deactivate'}
          onOpenChange={(open) => (open || busy ? undefined : setAsking(null))}
          title={feedTexts.deactivateTitle}
          description={feedTexts.deactivateDescription}
          confirmLabel={feedTexts.deactivate}
          tone="danger"
          busy={busy}
          onConfirm={deactivate}
        />
      </DialogContent>
    </Dialog>
  );
}

