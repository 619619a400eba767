import { useFormContext } from 'react-hook-form';
import {
  branchLabels,
  signatureMethodLabels,
  signatureMethods,
  signingOrderLabels,
  signingOrders,
  signingSettingsBounds,
  type BranchFormInput,
  type BranchFormOutput,
} from '@portal/domain';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { FormSection } from '@/components/ui/form-section';

const methodFields = [
  { name: 'signatureMethodLease', hint: 'La firman el inquilino, los obligados solidarios, el propietario y la oficina.' },
  { name: 'signatureMethodPolicy', hint: 'La firman el inquilino, los obligados solidarios, el propietario y la oficina.' },
  {
    name: 'signatureMethodPromissoryNotes',
    hint: 'Los firman el inquilino y los obligados solidarios. Con e.firma del SAT, los pagarés se firman así cuando todos ellos tienen RFC en la póliza; si alguno no lo tiene, se firman en papel y el expediente dice por qué.',
  },
] as const;

const { roundDays, reminderMax } = signingSettingsBounds;

/**
 * 'Firma de documentos' (issue 35): how each kind of the contract pack is signed, whether the
 * signers sign at once or in order, how long a round stays open and how many reminders it sends.
 */
export function SigningSettingsFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<BranchFormInput, unknown, BranchFormOutput>();
  return (
    <FormSection
      title="Firma de documentos"
      description="Cómo se firma cada documento de los contratos cuando la póliza se firma electrónicamente. Lo que se firma en papel queda fuera de la firma electrónica."
    >
      {methodFields.map(({ name, hint }) => (
        <SelectField key={name} label={branchLabels[name]} required hint={hint} error={errors[name]?.message} {...register(name)}>
          {signatureMethods.map((method) => (
            <option key={method} value={method}>
              {signatureMethodLabels[method]}
            </option>
          ))}
        </SelectField>
      ))}
      <SelectField
        label={branchLabels.signingOrder}
        required
        hint="En orden, cada quien recibe su enlace cuando firmaron quienes van antes."
        error={errors.signingOrder?.message}
        {...register('signingOrder')}
      >
        {signingOrders.map((order) => (
          <option key={order} value={order}>
            {signingOrderLabels[order]}
          </option>
        ))}
      </SelectField>
      <TextField
        label={branchLabels.signingRoundDays}
        inputMode="numeric"
        required
        autoComplete="off"
        hint={`De ${roundDays.min} a ${roundDays.max} días; después la firma vence y puede enviarse de nuevo.`}
        error={errors.signingRoundDays?.message}
        {...register('signingRoundDays')}
      />
      <TextField
        label={branchLabels.signingReminderMax}
        inputMode="numeric"
        required
        autoComplete="off"
        hint={`De ${reminderMax.min} a ${reminderMax.max}; cada 2 días a quien no ha firmado, con un enlace nuevo. 0 = sin recordatorios.`}
        error={errors.signingReminderMax?.message}
        {...register('signingReminderMax')}
      />
    </FormSection>
  );
}
