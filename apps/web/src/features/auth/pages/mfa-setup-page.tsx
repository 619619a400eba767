import { useCallback, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { paths, safeRedirectTarget } from '@/lib/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { MfaEnrolment, RecoveryCodes } from '@/components/mfa-enrolment';
import { confirmRequiredEnrolment, startRequiredEnrolment } from '../sign-in';

interface SetupState {
  challenge?: string;
  redirectTo?: string;
}

/**
 * /login/mfa-setup: an admin where MFA_REQUIRED_FOR=admin enrols before anything else (outside the
 * shell). The sign-in's challenge comes in the navigation's state; without it, back to /login.
 */
export function MfaSetupPage() {
  usePageTitle('Activar verificación en dos pasos');
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as SetupState;
  const challenge = state.challenge;
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useCallback(() => startRequiredEnrolment(challenge ?? ''), [challenge]);
  const confirm = useCallback(
    async (code: string) => setRecoveryCodes((await confirmRequiredEnrolment(challenge ?? '', code)).recoveryCodes),
    [challenge],
  );

  if (!challenge) return <Navigate to={paths.login.to()} replace />;
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10 dark:bg-slate-950">
      <main className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <div className="mb-4 flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-6 text-brand-600" />
          <h1 className="text-xl font-semibold tracking-tight">Activar verificación en dos pasos</h1>
        </div>
        {recoveryCodes ? (
          <RecoveryCodes
            codes={recoveryCodes}
            doneLabel="Continuar"
            onDone={() => void navigate(safeRedirectTarget(state.redirectTo ?? null), { replace: true })}
          />
        ) : (
          <>
            <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
              Los administradores deben usar la verificación en dos pasos. Actívela para continuar.
            </p>
            <MfaEnrolment start={start} confirm={confirm} onCancel={() => void navigate(paths.login.to(), { replace: true })} />
          </>
        )}
      </main>
    </div>
  );
}
