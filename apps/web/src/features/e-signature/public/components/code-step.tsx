import { useEffect, useState, type FormEvent } from 'react';
import { signingCode, signingMessages } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useRequestCode, useVerifyCode } from '../api';

/** Seconds left before another code may be asked for, ticking down once a second. */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/**
 * The one-time code: 'Enviar código' e-mails 6 digits to the signer; they type them (or the
 * phone offers them from the e-mail: autocomplete one-time-code) and confirm.
 */
export function CodeStep({ token, emailMasked }: { token: string; emailMasked: string }) {
  const request = useRequestCode(token);
  const verify = useVerifyCode(token);
  const [code, setCode] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [wait, setWait] = useCountdown();
  // A 429 means a code went out less than a minute ago (the page was reloaded): that code is still good to type.
  const tooSoon = request.isError && isApiError(request.error) && request.error.status === 429;
  const sent = request.isSuccess || tooSoon;

  const send = () => {
    verify.reset();
    request.mutate(undefined, { onSuccess: (answer) => setWait(answer.resendAfterSeconds) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!new RegExp(`^\\d{${signingCode.digits}}$`).test(code)) {
      setTypedError(signingMessages.codeRequired);
      return;
    }
    setTypedError(null);
    verify.mutate(code, { onError: () => setCode('') });
  };
  const error = typedError ?? (verify.isError ? errorMessage(verify.error) : request.isError ? errorMessage(request.error) : null);

  return (
    <section aria-labelledby="code-title" className="space-y-3">
      <h2 id="code-title" className="text-lg font-semibold">
        1. Confirme que es usted
      </h2>
      {sent ? (
        <form noValidate onSubmit={submit} className="space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
            Le enviamos un código de {signingCode.digits} dígitos a {request.data?.emailMasked ?? emailMasked}. Vence en {signingCode.validMinutes} minutos.
          </p>
          <label htmlFor="signing-code" className="block text-sm font-medium">
            Código
          </label>
          <Input
            id="signing-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={signingCode.digits}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, signingCode.digits))}
            aria-invalid={error ? true : undefined}
            className="h-12 max-w-48 text-center font-mono text-2xl tracking-[0.4em]"
          />
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" className="h-12" disabled={verify.isPending}>
              {verify.isPending ? 'Confirmando...' : 'Confirmar código'}
            </Button>
            <Button type="button" variant="secondary" className="h-12" disabled={wait > 0 || request.isPending} onClick={send}>
              {wait > 0 ? `Reenviar código (${wait} s)` : 'Reenviar código'}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Para firmar le enviaremos un código de {signingCode.digits} dígitos a su correo {emailMasked}.
          </p>
          {error ? <Alert>{error}</Alert> : null}
          <Button className="h-12 w-full sm:w-auto" disabled={request.isPending} onClick={send}>
            {request.isPending ? 'Enviando...' : 'Enviar código'}
          </Button>
        </>
      )}
    </section>
  );
}
