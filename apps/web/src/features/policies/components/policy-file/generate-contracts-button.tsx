import { FileCheck2 } from 'lucide-react';
import type { Policy } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAskedStatusChange } from './use-asked-status-change';

const failureTitle = 'No se pudieron generar los contratos';

/**
 * 'Generar Contratos' in the expediente: the same status change as the tracking row menu, which
 * the server now answers by generating the pack in the same request. It asks first (the pack is
 * a legal document); a failure leaves the status as it was, and the server's reason stays in the
 * dialog so the user can read what to correct.
 */
export function GenerateContractsButton({ policy }: { policy: Policy }) {
  const step = useAskedStatusChange(policy, 'contracts', { success: 'Contratos generados', failureTitle, sectionId: 'contratos' });
  return (
    <>
      <Button onClick={step.ask} disabled={step.pending}>
        <FileCheck2 aria-hidden="true" />
        {step.pending ? 'Generando...' : 'Generar Contratos'}
      </Button>
      <ConfirmDialog
        open={step.asking}
        onOpenChange={step.onOpenChange}
        title="¿Generar los contratos?"
        description="Se generarán el contrato de arrendamiento, la póliza jurídica y los pagarés con los datos de la póliza, y la póliza pasará a «Contratos generados»."
        confirmLabel={step.failure ? 'Intentar de nuevo' : 'Generar'}
        busy={step.pending}
        onConfirm={step.confirm}
      >
        {step.failure ? (
          <Alert className="mt-4">
            <p className="font-medium">{failureTitle}</p>
            <p>{step.failure}</p>
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
