import { useEffect, useState, type FormEvent } from 'react';
import { Copy, Download, ShieldCheck } from 'lucide-react';
import type { MfaSetup } from '@portal/domain';
import { errorMessage } from '@/lib/api-client';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { TextField } from './ui/form-field';
import { Spinner } from './ui/spinner';
import { copyText } from '@/lib/copy-text';

/**
 * Enrolling TOTP (issue 19), wherever it happens ('Mi cuenta', or an admin made to enrol at sign-in):
 * the QR and the secret as text, then the first code; the caller's `confirm` returns the recovery
 * codes, shown once by `RecoveryCodes`.
 */
export function MfaEnrolment({
  start,
  confirm,
  onCancel,
}: {
  start: () => Promise<MfaSetup>;
  confirm: (code: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    start().then(
      (answer) => current && setSetup(answer),
      (failure: unknown) => current && setLoadError(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [start]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code)) {
      setError('Escriba el código de 6 dígitos de su aplicación');
      return;
    }
    setError(null);
    setBusy(true);
    confirm(code).then(
      () => setBusy(false),
      (failure: unknown) => {
        setBusy(false);
        setError(errorMessage(failure));
      },
    );
  };

  if (loadError) return <Alert>{loadError}</Alert>;
  if (!setup) return <Spinner label="Preparando la verificación en dos pasos..." className="py-8" />;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Activar verificación en dos pasos">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>Abra su aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…) y escanee el código QR.</li>
        <li>Si no puede escanearlo, escriba en la aplicación esta clave.</li>
        <li>Escriba el código de 6 dígitos que le muestra la aplicación.</li>
      </ol>
      <img src={setup.qrCode} alt="Código QR para la aplicación de autenticación" width={200} height={200} className="rounded-md border border-slate-200 bg-white p-2 dark:border-slate-700" />
      <p className="text-sm">
        Clave: <code data-testid="mfa-secret" className="font-mono break-all select-all">{setup.secret}</code>
      </p>
      {error ? <Alert>{error}</Alert> : null}
      <TextField
        label="Código de verificación"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          <ShieldCheck aria-hidden="true" />
          {busy ? 'Verificando...' : 'Confirmar y activar'}
        </Button>
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The ten recovery codes, shown once: copy them or download them as a .txt. */
export function RecoveryCodes({ codes, onDone, doneLabel = 'Listo' }: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const text = `Códigos de recuperación — Portal de Pólizas\nCada código sirve una sola vez.\n\n${codes.join('\n')}\n`;
  const copy = async () => setCopied(await copyText(text));
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'codigos-de-recuperacion.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-label="Códigos de recuperación" className="space-y-4">
      <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
        Guarde estos códigos en un lugar seguro. Solo se muestran esta vez; cada uno sirve una sola vez si pierde su teléfono.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copiar
        </Button>
        <Button type="button" variant="secondary" onClick={download}>
          <Download aria-hidden="true" />
          Descargar (.txt)
        </Button>
        <Button type="button" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
      {copied === true ? <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">Códigos copiados</p> : null}
      {copied === false ? <p role="status" className="text-sm">No se pudo copiar: selecciónelos y cópielos a mano, o descárguelos.</p> : null}
    </section>
  );
}
