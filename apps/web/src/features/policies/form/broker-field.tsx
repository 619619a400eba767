import { get, useController, useFormState, useWatch, type FieldError } from 'react-hook-form';
import { policyLabels, type PolicyFormValues } from '@portal/domain';
import { BrokerPicker } from '@/features/brokers';

type Watched = ['branchId', 'property.rent.realEstateInfo.name', 'property.rent.realEstateInfo.agent'];

/** The form's brokerId as the picker takes it ('' and null: none). */
function asBrokerId(value: unknown): number | null {
  const id = Number(value);
  return value === '' || value === null || value === undefined || !Number.isInteger(id) || id <= 0 ? null : id;
}

/**
 * 'Asesor o inmobiliaria' (issue 34): the directory's broker instead of free text. A policy whose
 * old text matched no broker shows it read-only as 'Texto anterior' until one is chosen; the
 * server refuses another branch's or an inactive broker under this field.
 */
export function BrokerField() {
  const { field } = useController<PolicyFormValues, 'property.rent.realEstateInfo.brokerId'>({ name: 'property.rent.realEstateInfo.brokerId' });
  const [branchId, oldName, oldAgent] = useWatch<PolicyFormValues, Watched>({ name: ['branchId', 'property.rent.realEstateInfo.name', 'property.rent.realEstateInfo.agent'] });
  const { errors } = useFormState<PolicyFormValues>({ name: ['property.rent.realEstateInfo.brokerId', 'property.rent.realEstateInfo.name'] });
  // Without a broker the text name is what the rules require: its message shows here.
  const error = (get(errors, 'property.rent.realEstateInfo.brokerId') ?? get(errors, 'property.rent.realEstateInfo.name')) as FieldError | undefined;
  const brokerId = asBrokerId(field.value);
  const previousText = [oldName, oldAgent].filter((text) => typeof text === 'string' && text.trim() !== '').join(' · ');
  return (
    <>
      <BrokerPicker
        label={policyLabels.broker}
        value={brokerId}
        onChange={(next) => field.onChange(next ?? '')}
        currentName={brokerId !== null && typeof oldName === 'string' && oldName ? oldName : null}
        branchId={asBrokerId(branchId) ?? undefined}
        error={error?.message}
      />
      {brokerId === null && previousText ? (
        <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
          <span className="font-medium">Texto anterior:</span> {previousText}
        </p>
      ) : null}
    </>
  );
}
