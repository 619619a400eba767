import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { paths, safeRedirectTarget } from '@/lib/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { ThemeToggle } from '@/components/theme-toggle';
import { LoginForm } from '../form/login-form';
import { MfaCodeForm } from '../form/mfa-code-form';

/** /login: 'Iniciar Sesión'. Success returns to the page asked for, or to the dashboard. */
export function LoginPage() {
  usePageTitle('Iniciar Sesión');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectTarget(searchParams.get('redirectTo'));
  /** Set once the password was right for an account with MFA: the second step shows. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const done = () => void navigate(redirectTo, { replace: true });

  return (
    <div className="relative flex min-h-dvh items-center justify-center bg-gradient-to-br from-slate-50 via-white to-brand-50 px-4 py-10 dark:from-slate-950 dark:via-slate-950 dark:to-brand-950/40">
      <ThemeToggle className="absolute top-4 right-4" />
      <main className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white shadow-md dark:bg-brand-500">
            <ShieldCheck aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-3 text-sm font-medium tracking-wide text-brand-700 uppercase dark:text-brand-300">
            Portal de Pólizas
          </p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight">{challenge ? 'Verificación en dos pasos' : 'Iniciar Sesión'}</h1>
          {challenge ? (
            <MfaCodeForm challenge={challenge} onSuccess={done} onRestart={() => setChallenge(null)} />
          ) : (
            <LoginForm
              onSuccess={done}
              onChallenge={(next) => {
                if (next.kind === 'mfaRequired') setChallenge(next.challenge);
                else void navigate(paths.mfaSetup.to(), { state: { challenge: next.challenge, redirectTo } });
              }}
            />
          )}
        </div>
      </main>
    </div>
  );
}
