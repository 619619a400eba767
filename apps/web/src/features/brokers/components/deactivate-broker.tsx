import { useState } from 'react';
import type { Broker } from '@portal/domain';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSaveBroker } from '../api';

/** 'Desactivar' / 'Activar': the whole record with its new status (a broker is never deleted: their commissions name them). */
export function BrokerStatusButton({ broker }: { broker: Broker }) {
  const [open, setOpen] = useState(false);
  const save = useSaveBroker();
  const deactivating = broker.status === 'active';
  const change = async () => {
    try {
      const { id, version, branchId: _branch, branchName: _name, effectiveCommissionPercent: _effective, createdAt: _created, updatedAt: _updated, ...record } = broker;
      await save.mutateAsync({ id, version, body: { ...record, status: deactivating ? 'inactive' : 'active' } });
      notify.success(deactivating ? 'Asesor desactivado' : 'Asesor activado', broker.name);
      setOpen(false);
    } catch (error) {
      notify.error(deactivating ? 'No se pudo desactivar' : 'No se pudo activar', errorMessage(error));
    }
  };
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`${deactivating ? 'Desactivar' : 'Activar'} ${broker.name}`}>
        {deactivating ? 'Desactivar' : 'Activar'}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={deactivating ? 'Desactivar asesor' : 'Activar asesor'}
        description={
          deactivating
            ? `${broker.name} ya no se podrá elegir en pólizas nuevas. Sus comisiones y pólizas se conservan.`
            : `${broker.name} se podrá elegir de nuevo en las pólizas.`
        }
        confirmLabel={deactivating ? 'Desactivar' : 'Activar'}
        tone={deactivating ? 'danger' : 'primary'}
        busy={save.isPending}
        onConfirm={() => void change()}
      />
    </>
  );
}
