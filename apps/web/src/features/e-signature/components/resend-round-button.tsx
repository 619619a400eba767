import { useState } from 'react';
import { Send } from 'lucide-react';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useResendRound } from '../api';

/** 'Enviar de nuevo' (issue 35): an expired or declined round, after a confirmation, becomes a new one with new links. */
export function ResendRoundButton({ policyId }: { policyId: number }) {
  const [asking, setAsking] = useState(false);
  const resend = useResendRound(policyId);
  const confirm = () =>
    resend.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        notify.success('Firma enviada de nuevo');
      },
      onError: (error) => {
        setAsking(false);
        if (!isSessionExpired(error)) notify.error('No se pudo enviar la firma de nuevo', errorMessage(error));
      },
    });
  return (
    <>
      <Button size="sm" onClick={() => setAsking(true)}>
        <Send aria-hidden="true" />
        Enviar de nuevo
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => (open || resend.isPending ? undefined : setAsking(false))}
        title="¿Enviar la firma de nuevo?"
        description="Cada firmante recibirá por correo un enlace nuevo para firmar los contratos actuales, desde el principio. Las firmas de esta ronda no se conservan."
        confirmLabel="Enviar de nuevo"
        busy={resend.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
