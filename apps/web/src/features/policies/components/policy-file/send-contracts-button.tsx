import { Send } from 'lucide-react';
import { linkPartyLabels, policySigners, type Policy } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAskedStatusChange } from './use-asked-status-change';

const failureTitle = 'No se pudieron enviar los contratos';

/**
 * 'Enviar Contratos' in the expediente (issue 29): the next step after 'Generar Contratos', shown
 * as a button rather than hidden in the ⋮ menu. It asks first, naming who receives what: with
 * 'Firma electrónica' each signer gets an e-mail with a personal link at once, so the people and
 * their addresses are listed (one without an e-mail must be added to the policy first).
 */
export function SendContractsButton({ policy }: { policy: Policy }) {
  const signers = policy.isElectronicSignature ? policySigners(policy) : [];
  const withoutEmail = signers.filter((signer) => signer.person.email.trim() === '');
  const success = policy.isElectronicSignature ? 'Contratos enviados para firma' : 'Póliza pendiente de firma';
  const step = useAskedStatusChange(policy, 'signature', { success, failureTitle, sectionId: 'firma' });

  return (
    <>
      <Button onClick={step.ask} disabled={step.pending}>
        <Send aria-hidden="true" />
        {step.pending ? 'Enviando...' : 'Enviar Contratos'}
      </Button>
      <ConfirmDialog
        open={step.asking}
        onOpenChange={step.onOpenChange}
        title="¿Enviar los contratos?"
        description={
          policy.isElectronicSignature
            ? `Cada firmante recibirá ahora por correo un enlace personal para leer y firmar los contratos (${signers.length} ${signers.length === 1 ? 'firmante' : 'firmantes'}). Los pagarés se firman en papel salvo que la sucursal indique otra cosa. La póliza pasará a «Pendiente de firma».`
            : 'Esta póliza se firma en papel: no se enviará ningún correo. La póliza pasará a «Pendiente de firma».'
        }
        confirmLabel={step.failure ? 'Intentar de nuevo' : policy.isElectronicSignature ? 'Enviar a los firmantes' : 'Continuar'}
        busy={step.pending}
        confirmDisabled={withoutEmail.length > 0}
        onConfirm={step.confirm}
      >
        {signers.length > 0 ? (
          <ul aria-label="Firmantes" className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
            {signers.map(({ party, partyIndex, person }) => (
              <li key={`${party}-${partyIndex}`} className="px-3 py-2">
                <p className="font-medium">
                  {person.name} <span className="font-normal text-slate-500 dark:text-slate-400">({linkPartyLabels[party]})</span>
                </p>
                <p className="break-all text-slate-600 dark:text-slate-400">{person.email.trim() || 'Sin correo electrónico'}</p>
              </li>
            ))}
          </ul>
        ) : null}
        {withoutEmail.length > 0 ? (
          <Alert className="mt-4">
            <p>
              Agregue el correo de {withoutEmail.map((signer) => signer.person.name).join(', ')} en la póliza («Editar») antes de enviar.
            </p>
          </Alert>
        ) : null}
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
