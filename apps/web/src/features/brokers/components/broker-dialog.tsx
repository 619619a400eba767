import { useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminRoles, brokerInputSchema, brokerKindLabels, brokerKinds, brokerLabels, hasRole, type Broker, type BrokerInput, type BrokerKind, type BrokerValues } from '@portal/domain';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { useSession } from '@/features/auth';
import { useBranches } from '@/features/branches';
import { useSaveBroker } from '../api';

/** What the form holds: text as typed. */
interface BrokerFormValues {
  kind: BrokerKind;
  name: string;
  rfc: string;
  contactName: string;
  email: string;
  phone: string;
  bank: string;
  clabe: string;
  accountHolder: string;
  commissionPercent: string;
  commissionIvaPercent: string;
  isrWithholdingPercent: string;
  ivaWithholdingPercent: string;
  notes: string;
  branchId: string;
}

/** The API's own schema, so the form refuses what the server would, with the same words. */
const resolver = zodResolver(brokerInputSchema) as unknown as Resolver<BrokerFormValues, unknown, BrokerValues>;
const shownFields = ['kind', 'name', 'rfc', 'contactName', 'email', 'phone', 'bank', 'clabe', 'accountHolder', 'commissionPercent', 'commissionIvaPercent', 'isrWithholdingPercent', 'ivaWithholdingPercent', 'notes', 'branchId'] as const;

function initialValues(broker: Broker | undefined, kind: BrokerKind): BrokerFormValues {
  return {
    kind: broker?.kind ?? kind,
    name: broker?.name ?? '',
    rfc: broker?.rfc ?? '',
    contactName: broker?.contactName ?? '',
    email: broker?.email ?? '',
    phone: broker?.phone ?? '',
    bank: broker?.bank ?? '',
    clabe: broker?.clabe ?? '',
    accountHolder: broker?.accountHolder ?? '',
    commissionPercent: broker?.commissionPercent ?? '',
    commissionIvaPercent: broker?.commissionIvaPercent ?? '0.00',
    isrWithholdingPercent: broker?.isrWithholdingPercent ?? '0.00',
    ivaWithholdingPercent: broker?.ivaWithholdingPercent ?? '0.00',
    notes: broker?.notes ?? '',
    branchId: broker ? String(broker.branchId) : '',
  };
}

interface BrokerDialogProps {
  /** The broker to edit; none: a new one. */
  broker?: Broker;
  /** The button that opens it. */
  trigger: (open: () => void) => ReactNode;
  /** Told the saved broker (the policy form picks a new one at once). */
  onSaved?: (broker: Broker) => void;
}

/** 'Agregar asesor' / 'Editar asesor': the directory's record with its bank account and percentages. */
export function BrokerDialog({ broker, trigger, onSaved }: BrokerDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger(() => setOpen(true))}
      <DialogContent
        title={broker ? `Editar ${broker.name}` : 'Agregar asesor o inmobiliaria'}
        description="La comisión es un porcentaje de los honorarios antes de IVA; vacía, se usa la de la sucursal. Las retenciones las decide la oficina."
        className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto"
      >
        <BrokerForm
          broker={broker}
          onDone={(saved) => {
            setOpen(false);
            onSaved?.(saved);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function BrokerForm({ broker, onDone }: { broker: Broker | undefined; onDone: (broker: Broker) => void }) {
  const { user } = useSession();
  const isAdmin = hasRole(user?.role, adminRoles);
  const form = useForm<BrokerFormValues, unknown, BrokerValues>({ resolver, defaultValues: initialValues(broker, 'inmobiliaria') });
  const save = useSaveBroker();
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const { errors, isSubmitting } = form.formState;
  const { register } = form;
  const title = broker ? 'Error al guardar el asesor' : 'Error al agregar el asesor';

  const submit = async (values: BrokerValues) => {
    clearFailure();
    const body: BrokerInput = { ...values, status: broker?.status ?? 'active', branchId: isAdmin ? values.branchId : undefined };
    try {
      const saved = await save.mutateAsync({ id: broker?.id, body, version: broker?.version });
      notify.success(broker ? 'Asesor actualizado' : 'Asesor agregado', saved.name);
      onDone(saved);
    } catch (error) {
      showFailure(error, { title, shownFields, conflictField: 'name', toast: () => notify.error(title) });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        // The dialog may open from the policy form: its submit must not bubble (through the portal) into that form's.
        event.stopPropagation();
        void form.handleSubmit(submit)(event);
      }}
      noValidate
      className="mt-5 space-y-4"
    >
      <SaveFailureAlert failure={failure} alertRef={alertRef} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label={brokerLabels.kind} required error={errors.kind?.message} {...register('kind')}>
          {brokerKinds.map((kind) => (
            <option key={kind} value={kind}>
              {brokerKindLabels[kind]}
            </option>
          ))}
        </SelectField>
        <TextField label={brokerLabels.name} required maxLength={150} error={errors.name?.message} {...register('name')} />
        {isAdmin ? <BranchField error={errors.branchId?.message} register={register('branchId')} /> : null}
        <TextField label={brokerLabels.rfc} maxLength={13} autoComplete="off" hint="Opcional; se revisa su dígito verificador" error={errors.rfc?.message} {...register('rfc')} />
        <TextField label={brokerLabels.contactName} maxLength={150} error={errors.contactName?.message} {...register('contactName')} />
        <TextField label={brokerLabels.email} type="email" maxLength={254} error={errors.email?.message} {...register('email')} />
        <TextField label={brokerLabels.phone} type="tel" maxLength={30} error={errors.phone?.message} {...register('phone')} />
        <TextField label={brokerLabels.bank} maxLength={80} error={errors.bank?.message} {...register('bank')} />
        <TextField label={brokerLabels.clabe} inputMode="numeric" maxLength={18} autoComplete="off" hint="18 dígitos" error={errors.clabe?.message} {...register('clabe')} />
        <TextField label={brokerLabels.accountHolder} maxLength={150} error={errors.accountHolder?.message} {...register('accountHolder')} />
        <TextField label={brokerLabels.commissionPercent} inputMode="decimal" hint="Vacío: la de la sucursal" error={errors.commissionPercent?.message} {...register('commissionPercent')} />
        <TextField label={brokerLabels.commissionIvaPercent} inputMode="decimal" hint="0 si no factura con IVA" error={errors.commissionIvaPercent?.message} {...register('commissionIvaPercent')} />
        <TextField label={brokerLabels.isrWithholdingPercent} inputMode="decimal" hint="Sobre la comisión antes de IVA" error={errors.isrWithholdingPercent?.message} {...register('isrWithholdingPercent')} />
        <TextField label={brokerLabels.ivaWithholdingPercent} inputMode="decimal" hint="Sobre la comisión antes de IVA" error={errors.ivaWithholdingPercent?.message} {...register('ivaWithholdingPercent')} />
        <TextField label={brokerLabels.notes} maxLength={2000} fieldClassName="sm:col-span-2" error={errors.notes?.message} {...register('notes')} />
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <DialogClose asChild>
          <Button variant="secondary" disabled={isSubmitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Guardando...' : 'Guardar'}
        </Button>
      </div>
    </form>
  );
}

/** An admin's choice of the branch that works with the broker (empty: their own). */
function BranchField({ error, register }: { error: string | undefined; register: ReturnType<ReturnType<typeof useForm<BrokerFormValues>>['register']> }) {
  const branches = useBranches();
  return (
    <SelectField label={brokerLabels.branchId} error={error} {...register}>
      <option value="">Mi sucursal</option>
      {branches.data?.map((branch) => (
        <option key={branch.id} value={branch.id}>
          {branch.name}
        </option>
      ))}
    </SelectField>
  );
}
