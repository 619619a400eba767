import { useId } from 'react';
import { searchDebounceMs, useDebouncedValue } from '@/lib/use-debounced-value';
import { PolicyCombobox, policyChoiceLabel, type PolicyChoice, type PolicyChoices } from '@/components/form/policy-combobox';
import { usePreviewPolicyChoices } from '../api';

export type PreviewPolicy = PolicyChoice;

const hint = 'Busque por folio, inquilino, propietario o dirección.';

/**
 * The policy a preview fills the text with: a search over the policies (the chosen branch's when
 * the scope is a branch).
 */
export function PreviewPolicyPicker({
  branchId,
  chosen,
  onChoose,
}: {
  branchId: number | null;
  chosen: PreviewPolicy | null;
  onChoose: (policy: PreviewPolicy | null) => void;
}) {
  const id = useId();
  // Its scope follows the template's: a hook per branch, as the combobox calls it.
  const useChoices = (text: string, open: boolean): PolicyChoices => {
    const query = useDebouncedValue(text, searchDebounceMs);
    const choices = usePreviewPolicyChoices(query, branchId, open);
    return { items: choices.data?.items ?? [], isFetching: choices.isFetching, isError: choices.isError };
  };
  return (
    <PolicyCombobox
      id={id}
      label="Póliza para la vista previa"
      hint={hint}
      chosenLabel={chosen ? policyChoiceLabel(chosen) : null}
      chosenTestId="preview-policy"
      onClear={() => onChoose(null)}
      onChoose={onChoose}
      useChoices={useChoices}
    />
  );
}
