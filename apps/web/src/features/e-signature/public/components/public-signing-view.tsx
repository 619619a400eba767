import { useState, type ReactNode } from 'react';
import { CheckCircle2, Lock, XCircle } from 'lucide-react';
import { signingMessages, signingRoundStatusLabels, type PublicLinkView, type SigningView } from '@portal/domain';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useSigning } from '../api';
import { CodeStep } from './code-step';
import { EfirmaStep } from './efirma-step';
import { PackViewer } from './pack-viewer';
import { SignatureStep } from './signature-step';

function Outcome({ icon, title, children }: { icon: 'ok' | 'no' | 'lock'; title: string; children?: ReactNode }) {
  const Icon = icon === 'ok' ? CheckCircle2 : icon === 'no' ? XCircle : Lock;
  return (
    <section className="mt-8 flex flex-col items-center text-center" aria-live="polite">
      <Icon aria-hidden="true" className={icon === 'ok' ? 'size-12 text-emerald-600' : 'size-12 text-slate-500'} />
      <h1 className="mt-3 text-xl font-semibold">{title}</h1>
      {children ? <div className="mt-2 max-w-md text-sm text-slate-600 dark:text-slate-400">{children}</div> : null}
    </section>
  );
}

const isActa = (signing: SigningView) => signing.documents.some((document) => document.kind === 'move_out');

/** Where the signer stands when there is nothing left for them to do, or null while there is. */
function finishedState(signing: SigningView, declined: boolean) {
  if (signing.signedAt) {
    return (
      <Outcome icon="ok" title="Usted firmó los documentos">
        <p>Firmó el {formatDateTime(signing.signedAt)}.</p>
        <p className="mt-1">
          {signing.status === 'completed'
            ? `Todos los firmantes firmaron: la oficina ya tiene ${isActa(signing) ? 'el acta firmada' : 'los contratos firmados'}.`
            : `Han firmado ${signing.signersSigned} de ${signing.signersTotal} firmantes. La oficina le avisará cuando firmen todos.`}
        </p>
      </Outcome>
    );
  }
  if (declined || signing.declinedAt) {
    return (
      <Outcome icon="no" title="Usted indicó que no desea firmar">
        <p>La oficina recibió su motivo y se comunicará con usted.</p>
      </Outcome>
    );
  }
  if (signing.locked) return <Outcome icon="lock" title={signingMessages.codeLocked} />;
  if (signing.status !== 'open') {
    return (
      <Outcome icon="no" title={signingMessages.roundClosed}>
        <p>Estado: {signingRoundStatusLabels[signing.status]}. Si tiene dudas, comuníquese con la oficina.</p>
      </Outcome>
    );
  }
  return null;
}

/**
 * The signing page after the aviso (issue 17): the pack to read, the one-time code, then the
 * signature (or the refusal), and the state the signer is left in.
 */
export function PublicSigningView({ token, view }: { token: string; view: PublicLinkView }) {
  const signing = useSigning(token);
  const [declined, setDeclined] = useState(false);

  if (declined) return finishedState({ ...(signing.data as SigningView), signedAt: null }, true);
  if (signing.isPending) return <Spinner className="mt-16" label="Cargando..." />;
  if (signing.isError) {
    const gone = isApiError(signing.error) && signing.error.status === 404;
    return gone ? (
      <Outcome icon="no" title={signingMessages.roundClosed} />
    ) : (
      <QueryError query={signing} title="No se pudo cargar la firma" />
    );
  }
  const data = signing.data;
  const finished = finishedState(data, false);
  if (finished) return finished;
  return (
    <div className="space-y-6">
      <header>
        {/* Issue 32: a round may sign the acta de entrega-recepción instead of the contracts. */}
        <h1 className="text-xl font-semibold">{isActa(data) ? 'Firma del acta de entrega' : 'Firma de contratos'}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Hola, {view.partyName}. Lea los documentos de la póliza {view.folio} y, si está de acuerdo, fírmelos aquí.
        </p>
        {data.expiresAt ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Puede firmar hasta el {formatDateTime(data.expiresAt)}.</p> : null}
        <ul className="mt-3 list-disc space-y-0.5 pl-5 text-sm">
          {data.documents.map((document) => (
            <li key={document.kind}>
              {document.label} ({document.pageCount} {document.pageCount === 1 ? 'página' : 'páginas'})
            </li>
          ))}
        </ul>
      </header>
      {data.myTurn ? (
        <>
          <PackViewer token={token} />
          <NextStep token={token} signing={data} partyName={view.partyName} onDeclined={() => setDeclined(true)} />
        </>
      ) : (
        // Signing in order (issue 35): the link opens when those before have signed.
        <p role="status" className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm dark:border-slate-800 dark:bg-slate-900">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span>{signingMessages.notYourTurn}</span>
        </p>
      )}
    </div>
  );
}

/** The one-time code first; then the signature: drawn or typed, or with the e.firma when the signer's documents ask for it. */
function NextStep({ token, signing, partyName, onDeclined }: { token: string; signing: SigningView; partyName: string; onDeclined: () => void }) {
  if (!signing.otpVerified) return <CodeStep token={token} emailMasked={signing.emailMasked} />;
  if (signing.method === 'efirma') return <EfirmaStep token={token} documents={signing.documents} onDeclined={onDeclined} />;
  return <SignatureStep token={token} packSha256={signing.packSha256} partyName={partyName} onDeclined={onDeclined} />;
}
