import { useFormContext } from 'react-hook-form';
import { maxRentIncreaseCap, maxRentReminderDays, rentSettingsLabels, type BranchFormInput, type BranchFormOutput } from '@portal/domain';
import { TextField } from '@/components/ui/form-field';
import { FormSection } from '@/components/ui/form-section';

/** 'Rentas' (issue 32): the tenant's reminder before each due date and the renewals' cap with its source. */
export function RentSettingsFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<BranchFormInput, unknown, BranchFormOutput>();
  return (
    <FormSection title="Rentas" description="El recordatorio al inquilino se envía por correo; el aumento máximo es un aviso en la renovación, no un bloqueo.">
      <TextField
        label={rentSettingsLabels.rentReminderDays}
        inputMode="numeric"
        autoComplete="off"
        placeholder="Sin recordatorios"
        hint={`De 1 a ${maxRentReminderDays} días antes de cada vencimiento; vacío = no se envían.`}
        error={errors.rentReminderDays?.message}
        {...register('rentReminderDays')}
      />
      <TextField
        label={rentSettingsLabels.maxRentIncreasePercent}
        inputMode="decimal"
        autoComplete="off"
        placeholder="Sin tope"
        hint={`Por ejemplo, la inflación del año anterior (hasta ${maxRentIncreaseCap} %, dos decimales).`}
        error={errors.maxRentIncreasePercent?.message}
        {...register('maxRentIncreasePercent')}
      />
      <TextField
        label={rentSettingsLabels.maxRentIncreaseSource}
        autoComplete="off"
        maxLength={200}
        placeholder="INPC 2025, INEGI: 3.69 %"
        hint="Obligatoria si hay aumento máximo."
        fieldClassName="sm:col-span-2"
        error={errors.maxRentIncreaseSource?.message}
        {...register('maxRentIncreaseSource')}
      />
    </FormSection>
  );
}
