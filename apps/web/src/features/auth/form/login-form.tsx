import { useState } from 'react';
import { LogIn } from 'lucide-react';
import { authMessages, type LoginRequest, type SessionUser } from '@portal/domain';
import { apiMessages, isApiError, errorMessage } from '@/lib/api-client';
import { dismissToasts, notifyErrorOnDemand } from '@/lib/toast-on-demand';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { signIn, type SignInOutcome } from '../sign-in';
import { useLoginForm } from './use-login-form';

/** The message for a failed sign-in: 401 is always 'Credenciales inválidas'; 429 says to wait. */
function loginErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 401) return authMessages.invalidCredentials;
  if (isApiError(error) && error.status === 429) return error.message || authMessages.tooManyAttempts;
  return errorMessage(error);
}

type Challenge = Exclude<SignInOutcome, { kind: 'signedIn' }>;

/** The password step; an account with MFA (issue 19) goes on to `onChallenge` instead of signing in. */
export function LoginForm({ onSuccess, onChallenge }: { onSuccess: (user: SessionUser) => void; onChallenge: (challenge: Challenge) => void }) {
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  /** Settles once the sign-in has answered, either way (the form takes no other submit until then). */
  const send = (values: LoginRequest) => {
    setServerError(null);
    setBusy(true);
    return signIn(values).then(
      (outcome) => {
        setBusy(false);
        dismissToasts(); // an earlier 'Credenciales inválidas' should not linger over the shell
        if (outcome.kind === 'signedIn') onSuccess(outcome.session.user);
        else onChallenge(outcome);
      },
      (error: unknown) => {
        setBusy(false);
        const message = loginErrorMessage(error);
        setServerError(message);
        notifyErrorOnDemand(message);
      },
    );
  };
  const { register, handleSubmit, errors } = useLoginForm(send, () => setServerError(apiMessages.network));

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5" aria-label="Iniciar Sesión">
      {serverError ? <Alert>{serverError}</Alert> : null}
      <TextField
        label="Correo electrónico"
        type="email"
        autoComplete="username"
        inputMode="email"
        placeholder="usuario@empresa.com"
        required
        autoFocus
        error={errors.email}
        {...register('email')}
      />
      <TextField
        label="Contraseña"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
        {...register('password')}
      />
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
        <LogIn aria-hidden="true" />
        {busy ? 'Iniciando sesión...' : 'Iniciar Sesión'}
      </Button>
    </form>
  );
}
