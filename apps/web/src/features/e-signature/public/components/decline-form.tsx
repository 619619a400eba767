import { useState, type FormEvent } from 'react';
import { signingMessages } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useDecline } from '../api';

/** 'No deseo firmar': the reason, then the refusal (it ends the signing for everyone: the office decides what follows). */
export function DeclineForm({ token, onCancel, onDeclined }: { token: string; onCancel: () => void; onDeclined: () => void }) {
  const decline = useDecline(token);
  const [reason, setReason] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setFormError(signingMessages.declineReasonRequired);
    setFormError(null);
    decline.mutate(reason.trim(), { onSuccess: onDeclined });
  };
  const error = formError ?? (decline.isError ? errorMessage(decline.error) : null);
  return (
    <form noValidate onSubmit={submit} aria-labelledby="decline-title" className="space-y-3">
      <h2 id="decline-title" className="text-lg font-semibold">
        No deseo firmar
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Cuéntenos el motivo. La oficina lo recibirá y se comunicará con usted; la firma se detendrá para todos los firmantes.
      </p>
      <label htmlFor="decline-reason" className="block text-sm font-medium">
        Motivo
      </label>
      <textarea
        id="decline-reason"
        value={reason}
        maxLength={1000}
        rows={4}
        onChange={(event) => setReason(event.target.value)}
        className="w-full rounded-lg border border-slate-300 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" variant="danger" className="h-12" disabled={decline.isPending}>
          {decline.isPending ? 'Enviando...' : 'Enviar motivo y no firmar'}
        </Button>
        <Button type="button" variant="secondary" className="h-12" disabled={decline.isPending} onClick={onCancel}>
          Volver a firmar
        </Button>
      </div>
    </form>
  );
}
