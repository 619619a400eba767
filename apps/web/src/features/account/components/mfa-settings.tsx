import { useState, type FormEvent } from 'react';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { MfaEnrolment, RecoveryCodes } from '@/components/mfa-enrolment';
import { startMfaSetup, useConfirmMfa, useDisableMfa, useMfaStatus } from '../api';

type Step = 'idle' | 'enrolling' | 'disabling';

/** 'Verificación en dos pasos' on 'Mi cuenta' (issue 19): turn TOTP on (QR, first code, recovery codes) or off (a current code). */
export function MfaSettings() {
  const status = useMfaStatus();
  const confirm = useConfirmMfa();
  const [step, setStep] = useState<Step>('idle');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (status.isPending) {
    body = <Spinner label="Cargando..." className="py-4" />;
  } else if (status.isError) {
    body = <Alert>{errorMessage(status.error)}</Alert>;
  } else if (step === 'enrolling') {
    body = (
      <MfaEnrolment
        start={startMfaSetup}
        confirm={async (code) => {
          const answer = await confirm.mutateAsync(code);
          setRecoveryCodes(answer.recoveryCodes);
          setStep('idle');
        }}
        onCancel={() => setStep('idle')}
      />
    );
  } else if (step === 'disabling') {
    body = <DisableForm onDone={() => setStep('idle')} />;
  } else if (status.data.enabled) {
    body = (
      <div className="space-y-3">
        <p className="text-sm">
          <strong>Activada.</strong> Al iniciar sesión se le pide el código de su aplicación de autenticación.
        </p>
        <Button type="button" variant="danger-outline" onClick={() => setStep('disabling')}>
          <ShieldOff aria-hidden="true" />
          Desactivar
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Proteja su cuenta: además de la contraseña, se pedirá un código de una aplicación de autenticación en su teléfono.
        </p>
        <Button type="button" onClick={() => setStep('enrolling')}>
          <ShieldCheck aria-hidden="true" />
          Activar verificación en dos pasos
        </Button>
      </div>
    );
  }
  return (
    <section aria-labelledby="mfa-title" className="space-y-4">
      <h2 id="mfa-title" className="text-sm font-semibold text-slate-900 dark:text-white">
        Verificación en dos pasos
      </h2>
      {body}
    </section>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const disable = useDisableMfa();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('El campo Código de verificación es obligatorio');
      return;
    }
    setError(null);
    disable.mutate(code.trim(), { onSuccess: onDone, onError: (failure) => setError(errorMessage(failure)) });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Desactivar verificación en dos pasos">
      <p className="text-sm">Para desactivarla, escriba un código actual de su aplicación (o un código de recuperación).</p>
      {error ? <Alert>{error}</Alert> : null}
      <TextField label="Código de verificación" autoComplete="one-time-code" required autoFocus value={code} onChange={(e) => setCode(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={disable.isPending} aria-busy={disable.isPending || undefined}>
          {disable.isPending ? 'Desactivando...' : 'Desactivar'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
