import { useFormContext, useWatch } from 'react-hook-form';
import {
  canJumpStatus,
  canSetPolicyNumber,
  guarantorRequiredFor,
  policyLabels,
  policyStatuses,
  policyStatusLabels,
  policyTypes,
  policyTypeLabels,
  type PolicyFormValues,
  type PolicyType,
} from '@portal/domain';
import { TextField } from '@/components/ui/form-field';
import { useSession } from '@/features/auth';
import { formLabels } from './form-labels';
import { BranchSelect } from './branch-select';
import { CheckboxInput, FieldGrid, SelectInput, TextareaInput, TextInput } from './fields';
import { emptyGuarantor } from './policy-form-values';
import { SectionCard } from './section-card';

/**
 * Folios, status (any of them: the form may set a status directly), type, previous policy,
 * signature and the special note. `investigationId` is null on create: the server generates it.
 */
export function GeneralSection({ investigationId }: { investigationId: string | null }) {
  const { getValues, setValue } = useFormContext<PolicyFormValues>();

  // A Plus type needs a guarantor: give the newly shown section a row to fill in.
  const onTypeChange = () => {
    const type = getValues('policyType') as PolicyType;
    if (guarantorRequiredFor(type) && (getValues('guarantors') ?? []).length === 0) {
      setValue('guarantors', [emptyGuarantor()]);
    }
  };

  return (
    <SectionCard title={formLabels.sections.general}>
      <FieldGrid>
        <TextField
          label={policyLabels.investigationId}
          value={investigationId ?? ''}
          placeholder={formLabels.investigationPending}
          readOnly
          disabled={investigationId === null}
          // Read-only on edit too: shaded like the disabled one, so it does not invite typing.
          className={readOnlyClasses}
          hint={investigationId === null ? 'Folio asignado automáticamente' : 'No se puede modificar'}
        />
        <PolicyNumberField />
        <StatusField />
        <SelectInput name="policyType" label={policyLabels.policyType} required onValueChange={onTypeChange}>
          {policyTypes.map((type) => (
            <option key={type} value={type}>
              {policyTypeLabels[type]}
            </option>
          ))}
        </SelectInput>
        <TextInput name="previousPolicy" label={policyLabels.previousPolicy} />
        <BranchSelect />
        <CheckboxInput name="isElectronicSignature" label={policyLabels.isElectronicSignature} className="self-end" />
        <TextareaInput name="specialnote" label={policyLabels.specialnote} />
      </FieldGrid>
    </SectionCard>
  );
}

/** Read-only fields are shaded like disabled ones, so they do not invite typing. */
const readOnlyClasses = 'bg-slate-50 text-slate-700 dark:bg-slate-800/60 dark:text-slate-300';

const policyNumberHints = {
  pending: 'Se asigna al generar los contratos',
  assigned: 'No se puede modificar',
  adminImport: 'Solo para registrar una póliza anterior; no puede repetirse',
} as const;

/**
 * The folio de póliza is the server's, given at 'Contratos generados': read-only, except for an
 * admin on a policy that has none yet (an old policy being registered), as the server allows.
 */
function PolicyNumberField() {
  const { user } = useSession();
  const { formState } = useFormContext<PolicyFormValues>();
  const value = useWatch<PolicyFormValues, 'policyNumber'>({ name: 'policyNumber' }) ?? '';
  const stored = formState.defaultValues?.policyNumber ?? '';
  if (user && canSetPolicyNumber(user.role, stored)) {
    return <TextInput name="policyNumber" label={policyLabels.policyNumber} hint={policyNumberHints.adminImport} />;
  }
  const hint = stored === '' ? policyNumberHints.pending : policyNumberHints.assigned;
  return <TextField label={policyLabels.policyNumber} value={value} placeholder={policyNumberHints.pending} readOnly className={readOnlyClasses} hint={hint} />;
}

const statusReadOnlyHint = 'Solo un gerente o administrador lo cambia aquí; los pasos del trámite están en Seguimiento.';

/**
 * Any status for managers and admins (the spec's form); everyone else sees it read-only and moves
 * a policy with the row menu, as the server allows them (a jump from the form is a 403).
 */
function StatusField() {
  const { user } = useSession();
  const status = useWatch<PolicyFormValues, 'status'>({ name: 'status' }) ?? 'created';
  if (user && canJumpStatus(user.role)) {
    return (
      <SelectInput name="status" label={policyLabels.status} required>
        {policyStatuses.map((option) => (
          <option key={option} value={option}>
            {policyStatusLabels[option]}
          </option>
        ))}
      </SelectInput>
    );
  }
  return <TextField label={policyLabels.status} value={policyStatusLabels[status]} readOnly className={readOnlyClasses} hint={statusReadOnlyHint} />;
}
