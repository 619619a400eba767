import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { toast } from 'sonner';
import { authMessages, loginRequestSchema, type SessionUser } from '@portal/domain';
import { isApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useLogin } from '../api';

interface LoginValues {
  email: string;
  password: string;
}

/** The message for a failed sign-in: 401 is always 'Credenciales inválidas'; 429 says to wait. */
function loginErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 401) return authMessages.invalidCredentials;
  if (isApiError(error) && error.status === 429) return error.message || authMessages.tooManyAttempts;
  return errorMessage(error);
}

export function LoginForm({ onSuccess }: { onSuccess: (user: SessionUser) => void }) {
  const loginMutation = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    loginMutation.mutate(values, {
      onSuccess: (session) => {
        toast.dismiss(); // an earlier 'Credenciales inválidas' should not linger over the shell
        onSuccess(session.user);
      },
      onError: (error) => {
        const message = loginErrorMessage(error);
        setServerError(message);
        notify.error(message);
      },
    });
  });

  const busy = loginMutation.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Iniciar Sesión">
      {serverError ? <Alert>{serverError}</Alert> : null}
      <TextField
        label="Correo electrónico"
        type="email"
        autoComplete="username"
        inputMode="email"
        placeholder="usuario@empresa.com"
        required
        autoFocus
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Contraseña"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
        <LogIn aria-hidden="true" />
        {busy ? 'Iniciando sesión...' : 'Iniciar Sesión'}
      </Button>
    </form>
  );
}
