import { useFieldArray, useFormContext } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { policyLabels, referenceTypeLabels, referenceTypes, type PolicyFormValues } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formLabels } from './form-labels';
import { FieldGroup, SelectInput, TextInput } from './fields';
import { emptyReference } from './policy-form-values';
import { removalDescription, useConfirmedRemoval } from './use-confirmed-removal';

/** A tenant's personal and family references; any number, blank rows are not saved. One with typed data goes only after asking. */
export function ReferencesFields({ tenantIndex }: { tenantIndex: number }) {
  const { control, getValues } = useFormContext<PolicyFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: `tenants.${tenantIndex}.references` });
  const removal = useConfirmedRemoval();
  const askRemove = (index: number) => {
    const reference = getValues(`tenants.${tenantIndex}.references.${index}`);
    removal.request(reference, {
      title: `¿${formLabels.removeReference(index + 1)}?`,
      description: removalDescription(reference?.name, 'Esta referencia'),
      remove: () => remove(index),
    });
  };

  return (
    <FieldGroup
      legend={formLabels.references}
      className="sm:col-span-2"
      actions={
        <Button variant="secondary" size="sm" onClick={() => append(emptyReference())}>
          <Plus aria-hidden="true" />
          {formLabels.addReference}
        </Button>
      }
    >
      {fields.length === 0 ? <p className="text-sm text-slate-500 dark:text-slate-400">Sin referencias.</p> : null}
      {fields.map((field, index) => (
        <fieldset
          key={field.id}
          className="grid min-w-0 grid-cols-1 items-end gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-[2fr_1fr_1fr_auto] dark:bg-slate-800/40"
        >
          <legend className="sr-only">{formLabels.reference(index + 1)}</legend>
          <TextInput name={`tenants.${tenantIndex}.references.${index}.name`} label={policyLabels.referenceName} />
          <TextInput name={`tenants.${tenantIndex}.references.${index}.phone`} label={policyLabels.phone} type="tel" />
          <SelectInput name={`tenants.${tenantIndex}.references.${index}.type`} label={formLabels.referenceType}>
            {referenceTypes.map((type) => (
              <option key={type} value={type}>
                {referenceTypeLabels[type]}
              </option>
            ))}
          </SelectInput>
          <Button variant="ghost" size="icon" aria-label={formLabels.removeReference(index + 1)} onClick={() => askRemove(index)}>
            <Trash2 aria-hidden="true" />
          </Button>
        </fieldset>
      ))}
      <ConfirmDialog {...removal.dialogProps} />
    </FieldGroup>
  );
}
