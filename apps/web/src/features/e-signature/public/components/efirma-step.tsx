import { useEffect, useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { efirmaMessages, signingMessages, type SigningView } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FilePicker } from '@/components/ui/file-picker';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { loadEfirmaSigner, useEfirmaSign } from '../api';
import { EfirmaError } from '../efirma-error';
import { DeclineForm } from './decline-form';

const efirmaLabels = {
  title: '2. Firmar con e.firma',
  certificate: 'Certificado (.cer)',
  key: 'Llave privada (.key)',
  password: 'Contraseña de la llave privada',
  submit: 'Firmar con e.firma',
  accept: 'He leído los documentos y acepto firmarlos con mi e.firma',
  efirmaBadge: 'e.firma',
} as const;

/** What the signer chose, before it is read. */
interface Chosen {
  certificate: File | null;
  key: File | null;
  password: string;
  accepted: boolean;
}

/** The first thing missing from the form, as the message to show, or null when it is complete. */
function missing(chosen: Chosen): string | null {
  if (!chosen.certificate || !chosen.key) return efirmaMessages.filesRequired;
  if (chosen.password === '') return efirmaMessages.passwordRequired;
  if (!chosen.accepted) return signingMessages.acceptRequired;
  return null;
}

/**
 * The e.firma step (issue 35): the signer's documents, their .cer, .key and the key's password,
 * then 'Firmar con e.firma'. The key is decrypted and used in this browser only
 * (efirma-signer.ts); the server gets the certificate and the signatures, checks them, and says
 * in Spanish what it refused.
 */
export function EfirmaStep({ token, documents, onDeclined }: { token: string; documents: SigningView['documents']; onDeclined: () => void }) {
  const sign = useEfirmaSign(token);
  const [chosen, setChosen] = useState<Chosen>({ certificate: null, key: null, password: '', accepted: false });
  const [formError, setFormError] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const mine = documents.filter((document) => document.mine);

  // node-forge downloads while the signer looks for their files.
  useEffect(() => {
    void loadEfirmaSigner().catch(() => undefined);
  }, []);

  if (declining) return <DeclineForm token={token} onCancel={() => setDeclining(false)} onDeclined={onDeclined} />;

  const choose = (change: Partial<Chosen>) => {
    setChosen((current) => ({ ...current, ...change }));
    sign.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = missing(chosen);
    setFormError(problem);
    if (problem || !chosen.certificate || !chosen.key) return;
    sign.mutate({ certificate: chosen.certificate, key: chosen.key, password: chosen.password, documents: mine });
  };
  const error = formError ?? (sign.isError ? (sign.error instanceof EfirmaError ? sign.error.message : errorMessage(sign.error)) : null);

  return (
    <form noValidate onSubmit={submit} aria-labelledby="efirma-title" className="space-y-4">
      <h2 id="efirma-title" className="text-lg font-semibold">
        {efirmaLabels.title}
      </h2>
      <div className="space-y-1 text-sm">
        <p>Con su e.firma del SAT firmará:</p>
        <ul className="space-y-1">
          {mine.map((document) => (
            <li key={document.kind} className="flex flex-wrap items-center gap-2">
              <span>{document.label}</span>
              {document.method === 'efirma' ? <Badge tone="brand">{efirmaLabels.efirmaBadge}</Badge> : null}
            </li>
          ))}
        </ul>
      </div>
      <div className="space-y-1.5">
        <p aria-hidden="true" className="text-sm font-medium">
          {efirmaLabels.certificate}
        </p>
        <FilePicker label={efirmaLabels.certificate} accept=".cer" fileName={chosen.certificate?.name} onChange={(certificate) => choose({ certificate })} />
      </div>
      <div className="space-y-1.5">
        <p aria-hidden="true" className="text-sm font-medium">
          {efirmaLabels.key}
        </p>
        <FilePicker label={efirmaLabels.key} accept=".key" fileName={chosen.key?.name} onChange={(key) => choose({ key })} />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="efirma-password" className="block text-sm font-medium">
          {efirmaLabels.password}
        </label>
        <Input
          id="efirma-password"
          type="password"
          autoComplete="off"
          value={chosen.password}
          onChange={(event) => choose({ password: event.target.value })}
          className="h-12 max-w-sm"
        />
      </div>
      <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-700 dark:bg-slate-900 dark:text-slate-300">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
        <span>
          Su llave privada y su contraseña no salen de este dispositivo: la firma se hace aquí, en su navegador. Solo se envían su certificado, que es
          público, y las firmas.
        </span>
      </p>
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0" checked={chosen.accepted} onChange={(event) => choose({ accepted: event.target.checked })} />
        <span>{efirmaLabels.accept}</span>
      </label>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" className="h-12" disabled={sign.isPending}>
          {sign.isPending ? 'Firmando...' : efirmaLabels.submit}
        </Button>
        <Button type="button" variant="ghost" className="h-12" disabled={sign.isPending} onClick={() => setDeclining(true)}>
          No deseo firmar
        </Button>
      </div>
    </form>
  );
}
