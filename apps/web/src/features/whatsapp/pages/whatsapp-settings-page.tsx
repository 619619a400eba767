import { useState } from 'react';
import { adminRoles, hasRole, whatsappMessages as texts } from '@portal/domain';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { useSession } from '@/features/auth';
import { useBranches } from '@/features/branches';
import { useGateway } from '../api';
import { GatewayForm } from '../components/gateway-form';
import { TemplatesEditor } from '../components/templates-editor';

/** 'WhatsApp' (managers and admins): the branch's gateway and message templates; admins choose the branch. */
export function WhatsappSettingsPage() {
  const { user } = useSession();
  const isAdmin = hasRole(user?.role, adminRoles);
  const [chosen, setChosen] = useState<number | null>(null);
  const branchId = chosen ?? user?.branchId ?? null;
  return (
    <div className="space-y-6">
      <PageHeader title={texts.settingsTitle} description={texts.gatewayHelp} />
      {isAdmin ? <BranchChooser value={branchId} onChange={setChosen} /> : null}
      {branchId === null ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Elija una sucursal.</p>
      ) : (
        <>
          <Card>
            <CardHeader>
              <h2 className="text-base font-semibold">{texts.gatewayTitle}</h2>
            </CardHeader>
            <CardContent>
              <GatewaySection key={branchId} branchId={branchId} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <h2 className="text-base font-semibold">{texts.templatesTitle}</h2>
            </CardHeader>
            <CardContent>
              <TemplatesEditor key={branchId} branchId={branchId} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}

function BranchChooser({ value, onChange }: { value: number | null; onChange: (branchId: number) => void }) {
  const branches = useBranches();
  return (
    <SelectField
      label="Sucursal"
      fieldClassName="max-w-sm"
      value={value ?? ''}
      disabled={!branches.data}
      hint={branches.isError ? 'No se pudieron cargar las sucursales' : undefined}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {value === null ? <option value="">Seleccione una sucursal</option> : null}
      {branches.data?.map((branch) => (
        <option key={branch.id} value={branch.id}>
          {branch.name}
        </option>
      ))}
    </SelectField>
  );
}

function GatewaySection({ branchId }: { branchId: number }) {
  const gateway = useGateway(branchId);
  return (
    <QueryState query={gateway} loading="Cargando gateway..." loadingClassName="py-6" errorTitle={texts.loadError}>
      {(settings) => <GatewayForm branchId={branchId} gateway={settings.gateway} />}
    </QueryState>
  );
}
