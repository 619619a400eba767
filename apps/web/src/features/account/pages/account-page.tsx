import { accountMessages as messages, roleLabels } from '@portal/domain';
import { usePageTitle } from '@/lib/use-page-title';
import { Card } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { useAccount } from '../api';
import { EmailPreferences } from '../components/email-preferences';
import { PasswordForm } from '../components/password-form';
import { MfaSettings } from '../components/mfa-settings';

/** /account: 'Mi cuenta' — own data (read-only: an admin edits users), password, e-mail choices. */
export function AccountPage() {
  usePageTitle(messages.title);
  const account = useAccount();
  return (
    <div className="space-y-6">
      <PageHeader title={messages.title} description="Sus datos, su contraseña y qué avisos le llegan por correo." />
      <QueryState query={account} loading="Cargando su cuenta..." errorTitle={messages.loadError}>
        {(account) => (
          <>
            <Card className="space-y-4 p-5 sm:p-8">
              <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Mis datos</h2>
              <DetailList
                items={[
                  { label: 'Nombre', value: `${account.firstName} ${account.lastName}` },
                  { label: 'Correo electrónico', value: <span className="break-all">{account.email}</span> },
                  { label: 'Sucursal', value: account.branchName ?? 'Sin sucursal' },
                  { label: 'Rol', value: roleLabels[account.role] },
                ]}
              />
              <p className="text-xs text-slate-500 dark:text-slate-400">Para corregir estos datos, pídalo a un administrador.</p>
            </Card>
            <Card className="p-5 sm:p-8">
              <PasswordForm />
            </Card>
            <Card className="p-5 sm:p-8">
              <MfaSettings />
            </Card>
            <Card className="p-5 sm:p-8">
              <EmailPreferences key={account.emailKinds.join(',')} role={account.role} saved={account.emailKinds} />
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}
