import { useId, useState } from 'react';
import { arcoCancelRequestSchema, arcoRecordKindLabels, type ArcoRecord } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useArcoCancel } from '../api';

interface CancelDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  records: ArcoRecord[];
}

/**
 * 'Cancelar datos': says what is erased for good and what the law keeps, and asks the reason
 * (recorded with the request). Nothing is sent without it.
 */
export function CancelDialog({ open, onOpenChange, records }: CancelDialogProps) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useArcoCancel();
  const erasable = records.filter((record) => !record.retained);
  const kept = records.filter((record) => record.retained);

  const close = (next: boolean) => {
    if (!next) {
      setReason('');
      setFailure(null);
    }
    onOpenChange(next);
  };

  const confirm = async () => {
    const parsed = arcoCancelRequestSchema.safeParse({ records: records.map(({ kind, id }) => ({ kind, id })), reason });
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFailure(null);
    try {
      const result = await cancel.mutateAsync(parsed.data);
      notify.success(`Datos cancelados: ${result.anonymised.length} registro(s) anonimizado(s), ${result.kept.length} conservado(s)`);
      close(false);
    } catch (error) {
      if (isSessionExpired(error)) return;
      setFailure(errorMessage(error));
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title="¿Cancelar los datos de esta persona?"
      description={
        erasable.length > 0
          ? `Se anonimizarán ${erasable.length} registro(s) de forma irreversible: el nombre pasará a «Titular anonimizado» y se borrarán su correo, teléfonos, domicilio, datos de empleo e ingresos, referencias, vehículo, notas, sus documentos y archivos, y sus enlaces se revocarán.`
          : 'Ninguno de los registros elegidos puede cancelarse: todos se conservan por obligación legal.'
      }
      confirmLabel={cancel.isPending ? 'Cancelando...' : 'Cancelar datos'}
      cancelLabel="Volver"
      tone="danger"
      busy={cancel.isPending}
      onConfirm={() => void confirm()}
    >
      {kept.length > 0 ? (
        <div className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          <p className="font-medium">Se conservarán por obligación legal:</p>
          <ul className="mt-1 list-disc pl-5">
            {kept.map((record) => (
              <li key={`${record.kind}:${record.id}`}>
                {record.kind === 'broker' ? `${arcoRecordKindLabels.broker} ${record.name}` : `${arcoRecordKindLabels[record.kind]} en la póliza ${record.folio}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <label htmlFor={reasonId} className="mt-4 block text-sm font-medium text-slate-900 dark:text-white">
        Motivo de la cancelación
      </label>
      <textarea
        id={reasonId}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        rows={3}
        aria-invalid={failure ? true : undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white p-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      />
      {failure ? (
        <div className="mt-2">
          <Alert>{failure}</Alert>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
