import { useState } from 'react';
import { CheckCircle2, FileCheck2 } from 'lucide-react';
import { documentTypeLabel, frontSlotOf, normaliseFileName, publicLinkMessages, type PublicUploadView, type ReceivedDocument } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import type { PurposeViewProps } from '../purpose-view-props';
import { useUploadView } from './api';
import { UploadDocumentCard } from './components/upload-document-card';

export const uploadDoneMessage = '¡Listo! Recibimos todos sus documentos. Puede cerrar esta página.';

/**
 * The upload link's page, after the aviso: the person's own documents as cards (a back side
 * inside its identification's card), what already arrived, and a clear end once all are in.
 */
export default function UploadView({ token, view: link }: PurposeViewProps) {
  const documents = useUploadView(token);
  const [changing, setChanging] = useState(false);

  return (
    <QueryState query={documents} loading="Cargando sus documentos..." errorTitle="No se pudieron cargar sus documentos">
      {(upload) => {
        const done = upload.complete && !changing;
        return (
          <div className="space-y-5">
            <section className="space-y-1">
              <h1 className="text-xl font-semibold">Hola, {link.partyName}</h1>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {link.branchName} le pide los siguientes documentos para la investigación <span className="font-medium">{link.folio}</span>. Puede tomar una foto
                o elegir un archivo PDF, JPG o PNG.
              </p>
            </section>
            {!upload.accepting ? <Alert>{publicLinkMessages.uploadClosed}</Alert> : null}
            {done ? <DonePanel onChange={upload.accepting ? () => setChanging(true) : undefined} /> : <Cards token={token} upload={upload} />}
            <ReceivedList received={upload.received} />
          </div>
        );
      }}
    </QueryState>
  );
}

function Cards({ token, upload }: { token: string; upload: PublicUploadView }) {
  // A back side is asked inside its identification's card, not as a card of its own.
  const cards = upload.documents.filter((document) => frontSlotOf(document.slot) === undefined);
  return (
    <div className="space-y-3">
      {cards.map((document) => {
        const back = upload.documents.find((other) => frontSlotOf(other.slot) === document.slot)?.slot;
        const received = upload.received.filter((file) => file.slot === document.slot || file.slot === back);
        return <UploadDocumentCard key={document.slot} token={token} document={document} received={received} disabled={!upload.accepting} />;
      })}
    </div>
  );
}

function DonePanel({ onChange }: { onChange: (() => void) | undefined }) {
  return (
    <section
      role="status"
      className="flex flex-col items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-5 py-8 text-center dark:border-emerald-900 dark:bg-emerald-950/40"
    >
      <CheckCircle2 aria-hidden="true" className="size-12 text-emerald-600 dark:text-emerald-400" />
      <p className="text-lg font-semibold text-emerald-900 dark:text-emerald-100">{uploadDoneMessage}</p>
      {onChange ? (
        <Button variant="secondary" onClick={onChange}>
          Cambiar un documento
        </Button>
      ) : null}
    </section>
  );
}

/** What arrived, by name only: the person's reassurance that the office has it. */
function ReceivedList({ received }: { received: ReceivedDocument[] }) {
  if (received.length === 0) return null;
  return (
    <section aria-labelledby="received-heading" className="space-y-2">
      <h2 id="received-heading" className="text-base font-semibold">
        Documentos recibidos
      </h2>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {received.map((file) => (
          <li key={file.documentType} className="flex items-start gap-2 px-3 py-2.5 text-sm">
            <FileCheck2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
            <span className="min-w-0">
              <span className="block font-medium">{documentTypeLabel(file.documentType)}</span>
              <span className="block break-all text-slate-600 dark:text-slate-400">{normaliseFileName(file.originalFilename)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
