import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Plus } from 'lucide-react';
import {
  claimContactInputSchema,
  contactChannelLabels,
  contactChannels,
  contactHours,
  contactPartyLabels,
  contactParties,
  type ClaimDetail,
  type ContactChannel,
  type ContactParty,
} from '@portal/domain';
import { isApiError, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { useSaveFailure } from '@/components/ui/save-failure-alert';
import { useRecordContact } from '../../api/case';
import { mexicoCityInstant, mexicoCityNowLocal } from './claim-format';
import { bodyResolver, money, optionalText, TextAreaField } from './claim-form';

interface ContactValues {
  channel: ContactChannel | '';
  party: ContactParty | '';
  personName: string;
  /** 'YYYY-MM-DDTHH:mm', Mexico City's clock. */
  at: string;
  result: string;
  promisedAt: string;
  promisedAmount: string;
}
type ParsedContact = ReturnType<typeof claimContactInputSchema.parse>;

const resolver = bodyResolver(claimContactInputSchema, (values: ContactValues) => ({
  channel: values.channel || undefined,
  party: values.party || undefined,
  personName: values.personName,
  at: mexicoCityInstant(values.at),
  result: values.result,
  promisedAt: optionalText(values.promisedAt),
  promisedAmount: optionalText(values.promisedAmount),
}));
const shownFields = ['channel', 'party', 'personName', 'at', 'result', 'promisedAt', 'promisedAmount'] as const;
const saveError = 'La gestión no se registró';
const partyHint = `Solo se puede gestionar el cobro con el inquilino y los obligados solidarios (nunca con referencias ni con el empleador), entre las ${contactHours.from}:00 y las ${contactHours.to}:00, hora de la Ciudad de México.`;

/** 'Registrar gestión': a contact made, told as it happened; the server refuses one outside the rules, with the reason. */
export function ContactButton({ claim }: { claim: ClaimDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" />
          Registrar gestión
        </Button>
      </DialogTrigger>
      <DialogContent title="Registrar gestión" className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <ContactForm claim={claim} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ContactForm({ claim, onDone }: { claim: ClaimDetail; onDone: () => void }) {
  const now = mexicoCityNowLocal();
  const form = useForm<ContactValues, unknown, ParsedContact>({
    resolver,
    defaultValues: { channel: '', party: '', personName: '', at: now, result: '', promisedAt: '', promisedAmount: '' },
  });
  const record = useRecordContact(claim.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { showFailure, clearFailure } = useSaveFailure(form);
  const { errors, isSubmitting } = form.formState;
  const { register } = form;

  const save = async (input: ParsedContact) => {
    clearFailure();
    setRefusal(null);
    try {
      await record.mutateAsync({ ...input, promisedAmount: input.promisedAmount === undefined ? undefined : money(input.promisedAmount) });
      notify.success('Gestión registrada', claim.number);
      onDone();
    } catch (error) {
      // Whatever the server refuses (the party, the hour, a bad field) is said above the form in full, and beside its field.
      setRefusal(isApiError(error) && !isSessionExpired(error) ? error.message : null);
      showFailure(error, { title: saveError, shownFields, toast: (failure) => notify.error(saveError, failure.serverMessage) });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="mt-5 space-y-4">
      {refusal ? (
        <Alert>
          <p className="font-medium">{saveError}</p>
          <p className="mt-1">{refusal}</p>
        </Alert>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label="Medio" required error={errors.channel?.message} {...register('channel')}>
          <option value="">Seleccione el medio</option>
          {contactChannels.map((channel) => (
            <option key={channel} value={channel}>
              {contactChannelLabels[channel]}
            </option>
          ))}
        </SelectField>
        <TextField label="Fecha y hora" required type="datetime-local" max={now} hint="Hora de la Ciudad de México." error={errors.at?.message} {...register('at')} />
        <SelectField label="Con quién" required fieldClassName="sm:col-span-2" hint={partyHint} error={errors.party?.message} {...register('party')}>
          <option value="">Seleccione con quién</option>
          {contactParties.map((party) => (
            <option key={party} value={party}>
              {contactPartyLabels[party]}
            </option>
          ))}
        </SelectField>
        <TextField label="Nombre de la persona" autoComplete="off" maxLength={200} fieldClassName="sm:col-span-2" error={errors.personName?.message} {...register('personName')} />
        <TextAreaField label="Resultado" required maxLength={1000} fieldClassName="sm:col-span-2" hint="Qué se dijo o acordó." error={errors.result?.message} {...register('result')} />
        <TextField label="Fecha de promesa de pago" type="date" hint="Opcional." error={errors.promisedAt?.message} {...register('promisedAt')} />
        <TextField label="Monto prometido" inputMode="decimal" autoComplete="off" hint="Opcional." error={errors.promisedAmount?.message} {...register('promisedAmount')} />
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <DialogClose asChild>
          <Button variant="secondary" disabled={isSubmitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Registrando...' : 'Registrar gestión'}
        </Button>
      </div>
    </form>
  );
}
