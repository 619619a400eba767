import { useFormContext } from 'react-hook-form';
import { feeSettingsLabels, type BranchFormInput, type BranchFormOutput } from '@portal/domain';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { FormSection } from '@/components/ui/form-section';

/** 'Honorarios y comisiones' (issue 34): whether the contracts wait for the fee, and the brokers' default commission. */
export function FeeSettingsFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<BranchFormInput, unknown, BranchFormOutput>();
  return (
    <FormSection title="Honorarios y comisiones" description="Cómo cobra la sucursal los honorarios de sus pólizas y cuánto ganan sus asesores e inmobiliarias.">
      <CheckboxField
        label={feeSettingsLabels.requireFeeBeforeContracts}
        hint="Con esta opción, «Generar Contratos» se rechaza mientras los honorarios no estén pagados."
        fieldClassName="sm:col-span-2"
        error={errors.requireFeeBeforeContracts?.message}
        {...register('requireFeeBeforeContracts')}
      />
      <TextField
        label={feeSettingsLabels.commissionPercent}
        inputMode="decimal"
        autoComplete="off"
        hint="De 0 a 100, con hasta dos decimales; se aplica cuando el asesor no tiene una comisión propia."
        error={errors.commissionPercent?.message}
        {...register('commissionPercent')}
      />
    </FormSection>
  );
}
