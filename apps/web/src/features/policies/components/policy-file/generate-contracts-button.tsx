import { useState } from 'react';
import { FileCheck2 } from 'lucide-react';
import type { Policy } from '@portal/domain';
import { useSession } from '@/features/auth';
import { errorMessage, isApiError } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useChangePolicyStatus } from '../../api';

const failureTitle = 'No se pudieron generar los contratos';

/**
 * 'Generar Contratos' in the expediente: the same status change as the tracking row menu, which
 * the server now answers by generating the pack in the same request. It asks first (the pack is
 * a legal document); a failure leaves the status as it was, and the server's reason stays in the
 * dialog so the user can read what to correct.
 */
export function GenerateContractsButton({ policy }: { policy: Policy }) {
  const { user } = useSession();
  const [asking, setAsking] = useState(false);
  const change = useChangePolicyStatus();
  const failure = change.error && !(isApiError(change.error) && change.error.code === 'session_expired') ? errorMessage(change.error) : null;

  const open = () => {
    change.reset();
    setAsking(true);
  };
  const confirm = () => {
    if (!user) return;
    change.mutate(
      { id: policy.id, status: 'contracts', userId: user.id, branchId: user.branchId ?? policy.branchId },
      {
        onSuccess: () => {
          setAsking(false);
          notify.success('Contratos generados');
          document.getElementById('contratos')?.scrollIntoView({ block: 'start' });
        },
        onError: (error) => notify.error(failureTitle, errorMessage(error)),
      },
    );
  };

  return (
    <>
      <Button onClick={open} disabled={change.isPending}>
        <FileCheck2 aria-hidden="true" />
        {change.isPending ? 'Generando...' : 'Generar Contratos'}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={(next) => (change.isPending ? undefined : setAsking(next))}
        title="¿Generar los contratos?"
        description="Se generarán el contrato de arrendamiento, la póliza jurídica y los pagarés con los datos de la póliza, y la póliza pasará a «Contratos generados»."
        confirmLabel={failure ? 'Intentar de nuevo' : 'Generar'}
        busy={change.isPending}
        onConfirm={confirm}
      >
        {failure ? (
          <Alert className="mt-4">
            <p className="font-medium">{failureTitle}</p>
            <p>{failure}</p>
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
