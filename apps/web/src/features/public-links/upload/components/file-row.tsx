import { Camera, CheckCircle2, FolderOpen, RotateCw } from 'lucide-react';
import { investigationMessages, normaliseFileName, type IdentificationType, type ReceivedDocument } from '@portal/domain';
import { useMediaQuery } from '@/lib/use-media-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SendProgress } from '@/components/ui/send-progress';
import { maxAttempts } from '@/lib/send-document';
import type { DocumentSendState } from '@/lib/use-document-send';
import { PickFileButton } from './pick-file-button';
import { useLinkUpload } from './use-link-upload';

/** What the API takes (it judges the content too): photos and scans. */
const fileTypes = 'image/jpeg,image/png,application/pdf';

interface FileRowProps {
  token: string;
  documentType: string;
  identificationType?: IdentificationType | undefined;
  /** The card's name for this file ('Identificación del inquilino', '… archivo 2 de 3', '… reverso'). */
  name: string;
  /** The row's own title inside its card, when the card has several rows. */
  title: string | null;
  received: ReceivedDocument | undefined;
  disabled: boolean;
}

/** One file of a card: 'Tomar foto' (phones) or 'Elegir archivo', its progress, the server's reason and 'Reintentar'. */
export function FileRow({ token, documentType, identificationType, name, title, received, disabled }: FileRowProps) {
  const { state, send, retry } = useLinkUpload(token, documentType, identificationType);
  // A phone or tablet (a finger, not a mouse): the camera is one tap away.
  const phone = useMediaQuery('(pointer: coarse)', false);
  const sending = state.phase === 'busy';
  return (
    <li data-testid={`file-row-${documentType}`} data-state={state.phase} className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium">{title ?? 'Archivo'}</p>
        <StatusTag state={state} received={received !== undefined} />
      </div>
      {received && state.phase === 'idle' ? <ReceivedName received={received} /> : null}
      <div className="flex flex-col gap-2 min-[360px]:flex-row">
        {phone ? (
          <PickFileButton label={`Tomar foto: ${name}`} accept="image/*" capture="environment" disabled={sending || disabled} primary icon={<Camera aria-hidden="true" />} onPick={send}>
            Tomar foto
          </PickFileButton>
        ) : null}
        <PickFileButton label={`Elegir archivo: ${name}`} accept={fileTypes} disabled={sending || disabled} primary={!phone} icon={<FolderOpen aria-hidden="true" />} onPick={send}>
          {received ? 'Cambiar archivo' : 'Elegir archivo'}
        </PickFileButton>
      </div>
      <Detail state={state} name={name} onRetry={retry} />
    </li>
  );
}

function StatusTag({ state, received }: { state: DocumentSendState; received: boolean }) {
  const tag =
    state.phase === 'busy'
      ? { tone: 'brand' as const, text: 'Enviando...' }
      : state.phase === 'failed'
        ? { tone: 'danger' as const, text: 'No se envió' }
        : received
          ? { tone: 'success' as const, text: 'Recibido' }
          : { tone: 'neutral' as const, text: 'Pendiente' };
  return (
    <span aria-live="polite">
      <Badge tone={tag.tone}>{tag.text}</Badge>
    </span>
  );
}

function ReceivedName({ received }: { received: ReceivedDocument }) {
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
      <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
      <span className="min-w-0 break-all">{normaliseFileName(received.originalFilename)}</span>
    </p>
  );
}

function Detail({ state, name, onRetry }: { state: DocumentSendState; name: string; onRetry: () => void }) {
  if (state.phase === 'busy') return <SendProgress fileName={state.file.name} step={state.step} maxAttempts={maxAttempts} />;
  if (state.phase !== 'failed') return null;
  return (
    <div className="space-y-2">
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {state.error}
      </p>
      <Button variant="secondary" className="w-full min-[360px]:w-auto" aria-label={`${investigationMessages.retry}: ${name}`} onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {investigationMessages.retry}
      </Button>
    </div>
  );
}
