import { useRef, useState, type FormEvent } from 'react';
import { signingMessages, type SignInput, type SignatureKind } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/api-client';
import { useSign } from '../api';
import { DeclineForm } from './decline-form';
import { SignatureCanvas, type SignatureCanvasHandle } from './signature-pad-canvas';

const tabs: Array<{ kind: SignatureKind; label: string }> = [
  { kind: 'drawn', label: 'Dibujar' },
  { kind: 'typed', label: 'Escribir' },
];

/**
 * The signature: drawn on the screen or typed, the explicit acceptance, then 'Firmar'. 'No deseo
 * firmar' asks the reason instead.
 */
export function SignatureStep({ token, packSha256, partyName, onDeclined }: { token: string; packSha256: string; partyName: string; onDeclined: () => void }) {
  const sign = useSign(token);
  const [kind, setKind] = useState<SignatureKind>('drawn');
  const [drawnEmpty, setDrawnEmpty] = useState(true);
  const [typed, setTyped] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const canvas = useRef<SignatureCanvasHandle>(null);

  if (declining) return <DeclineForm token={token} onCancel={() => setDeclining(false)} onDeclined={onDeclined} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const signature: SignInput['signature'] | null =
      kind === 'drawn'
        ? canvas.current && !canvas.current.isEmpty()
          ? { kind: 'drawn', image: canvas.current.toDataUrl() }
          : null
        : typed.trim().length >= 2
          ? { kind: 'typed', text: typed.trim() }
          : null;
    if (!signature) return setFormError(signingMessages.signatureRequired);
    if (!accepted) return setFormError(signingMessages.acceptRequired);
    setFormError(null);
    sign.mutate({ signature, accept: true, packSha256 });
  };
  const error = formError ?? (sign.isError ? errorMessage(sign.error) : null);

  return (
    <form noValidate onSubmit={submit} aria-labelledby="signature-title" className="space-y-4">
      <h2 id="signature-title" className="text-lg font-semibold">
        2. Firme
      </h2>
      <div role="tablist" aria-label="Cómo firmar" className="inline-flex rounded-lg border border-slate-300 p-1 dark:border-slate-700">
        {tabs.map((tab) => (
          <button
            key={tab.kind}
            type="button"
            role="tab"
            id={`signature-tab-${tab.kind}`}
            aria-selected={kind === tab.kind}
            aria-controls={`signature-panel-${tab.kind}`}
            onClick={() => setKind(tab.kind)}
            className={cn(
              'min-h-11 rounded-md px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500',
              kind === tab.kind ? 'bg-brand-600 text-white' : 'text-slate-700 dark:text-slate-300',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="signature-panel-drawn" aria-labelledby="signature-tab-drawn" hidden={kind !== 'drawn'} className="space-y-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">Dibuje su firma con el dedo o el ratón.</p>
        <SignatureCanvas ref={canvas} onChange={setDrawnEmpty} />
        <Button type="button" variant="secondary" size="sm" disabled={drawnEmpty} onClick={() => canvas.current?.clear()}>
          Borrar
        </Button>
      </div>
      <div role="tabpanel" id="signature-panel-typed" aria-labelledby="signature-tab-typed" hidden={kind !== 'typed'} className="space-y-2">
        <label htmlFor="typed-signature" className="block text-sm font-medium">
          Escriba su nombre completo
        </label>
        <Input id="typed-signature" value={typed} maxLength={150} autoComplete="name" placeholder={partyName} onChange={(event) => setTyped(event.target.value)} />
        {typed.trim() ? (
          <p aria-hidden="true" className="rounded-lg border border-slate-200 bg-white px-4 py-3 font-serif text-3xl italic text-slate-900 dark:border-slate-700">
            {typed}
          </p>
        ) : null}
      </div>
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />
        <span>He leído los documentos y acepto firmarlos electrónicamente</span>
      </label>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" className="h-12" disabled={sign.isPending}>
          {sign.isPending ? 'Firmando...' : 'Firmar'}
        </Button>
        <Button type="button" variant="ghost" className="h-12" disabled={sign.isPending} onClick={() => setDeclining(true)}>
          No deseo firmar
        </Button>
      </div>
    </form>
  );
}
