import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { appointmentFieldLabels as labels, type AppointmentFormValues } from '@portal/domain';
import { searchDebounceMs, useDebouncedValue } from '@/lib/use-debounced-value';
import { PolicyCombobox, policyChoiceLabel, type PolicyChoices } from '@/components/form/policy-combobox';
import { useChosenPolicy, usePolicyChoices } from '../api';
import { useFieldError } from './field-error';

const hint = 'Opcional: busque por folio, inquilino, propietario o dirección. Solo pólizas de la sucursal.';

/** The branch's policies matching the text, once typing pauses. */
function useBranchPolicyChoices(text: string, open: boolean): PolicyChoices {
  const query = useDebouncedValue(text, searchDebounceMs);
  const choices = usePolicyChoices(query, { enabled: open });
  return { items: choices.data?.items ?? [], isFetching: choices.isFetching, isError: choices.isError };
}

/** The chosen policy's label, read from the server (the form holds only its id). */
function useChosenLabel(id: number | null): string | null {
  const policy = useChosenPolicy(id);
  if (id === null) return null;
  return policy.data ? policyChoiceLabel({ ...policy.data, tenantNames: policy.data.tenants.map((tenant) => tenant.name) }) : `Póliza ${id}`;
}

/**
 * 'Póliza': a searchable select over the branch's policies, through the policy search API (the
 * server checks the branch again).
 */
export function PolicyPicker() {
  const { control } = useFormContext<AppointmentFormValues>();
  const { field } = useController({ control, name: 'policyId' });
  const error = useFieldError('policyId');
  const id = useId();
  const chosen = typeof field.value === 'number' ? field.value : null;
  return (
    <PolicyCombobox
      id={id}
      label={labels.policy}
      hint={hint}
      error={error}
      className="sm:col-span-6"
      chosenLabel={useChosenLabel(chosen)}
      chosenTestId="chosen-policy"
      onClear={() => field.onChange(null)}
      onChoose={(policy) => field.onChange(policy.id)}
      useChoices={useBranchPolicyChoices}
    />
  );
}
