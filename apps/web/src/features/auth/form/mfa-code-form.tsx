import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { authMessages, type SessionUser } from '@portal/domain';
import { errorMessage, isApiError } from '@/lib/api-client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { signInWithCode } from '../sign-in';

function codeErrorMessage(error: unknown): string {
  if (isApiError(error) && (error.status === 401 || error.status === 429)) return error.message || authMessages.tooManyAttempts;
  return errorMessage(error);
}

/**
 * The sign-in's second step (issue 19): the 6-digit code of the authenticator app, or one of the
 * recovery codes. No zod here: /login stays light (issue 13); the server checks the code.
 */
export function MfaCodeForm({ challenge, onSuccess, onRestart }: { challenge: string; onSuccess: (user: SessionUser) => void; onRestart: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setError(recovery ? 'El campo Código de recuperación es obligatorio' : 'El campo Código de verificación es obligatorio');
      return;
    }
    setError(null);
    setBusy(true);
    signInWithCode(challenge, code.trim()).then(
      (session) => onSuccess(session.user),
      (failure: unknown) => {
        setBusy(false);
        setError(codeErrorMessage(failure));
      },
    );
  };

  const switchKind = () => {
    setRecovery((current) => !current);
    setCode('');
    setError(null);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Verificación en dos pasos">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {recovery
          ? 'Escriba uno de sus códigos de recuperación. Cada código sirve una sola vez.'
          : 'Escriba el código de 6 dígitos que muestra su aplicación de autenticación.'}
      </p>
      {error ? <Alert>{error}</Alert> : null}
      {recovery ? (
        <TextField key="recovery" label="Código de recuperación" autoComplete="off" autoCapitalize="none" spellCheck={false} required autoFocus value={code} onChange={(e) => setCode(e.target.value)} />
      ) : (
        <TextField
          key="totp"
          label="Código de verificación"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
      )}
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
        <KeyRound aria-hidden="true" />
        {busy ? 'Verificando...' : 'Verificar'}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm">
        <button type="button" className="text-brand-700 underline hover:no-underline dark:text-brand-300" onClick={switchKind}>
          {recovery ? 'Usar el código de la aplicación' : 'Usar un código de recuperación'}
        </button>
        <button type="button" className="text-slate-600 underline hover:no-underline dark:text-slate-400" onClick={onRestart}>
          Volver a iniciar sesión
        </button>
      </div>
    </form>
  );
}
