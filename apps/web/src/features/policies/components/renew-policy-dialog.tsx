import { policyDisplayFolio } from '@portal/domain';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { usePolicyRenewal } from './use-policy-renewal';

/** The question before 'Renovar': what the renewal copies and what it leaves behind. */
export function RenewPolicyDialog({ renewal }: { renewal: ReturnType<typeof usePolicyRenewal> }) {
  const policy = renewal.asking;
  const folio = policy ? policyDisplayFolio(policy) : '';
  return (
    <ConfirmDialog
      open={policy !== null}
      onOpenChange={(open) => {
        if (!open) renewal.close();
      }}
      title="Renovar póliza"
      description={
        <>
          ¿Renovar la póliza <span className="whitespace-nowrap">{folio}</span>? Se creará una póliza nueva en «Creada» con los mismos
          inquilinos, avales, inmueble, propietario y renta, y la vigencia que sigue a la actual. Los documentos no se copian.
        </>
      }
      confirmLabel="Renovar"
      busy={renewal.busy}
      onConfirm={renewal.confirm}
    />
  );
}
