import { useFieldArray, useFormContext } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import type { PolicyFormValues, PolicyType } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ArrayError } from './fields';
import { formLabels } from './form-labels';
import { emptyGuarantor } from './policy-form-values';
import { GuarantorFields } from './guarantor-fields';
import { SectionCard } from './section-card';
import { removalDescription, useConfirmedRemoval } from './use-confirmed-removal';

/** Shown only for types that need a joint guarantor; at least one stays (spec section 5). */
export function GuarantorsSection({ type }: { type: PolicyType }) {
  const { control, getValues } = useFormContext<PolicyFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'guarantors' });
  const removal = useConfirmedRemoval();
  const canRemove = fields.length > 1;
  const askRemove = (index: number) => {
    const guarantor = getValues(`guarantors.${index}`);
    removal.request(guarantor, {
      title: `¿${formLabels.removeGuarantor(index + 1)}?`,
      description: removalDescription(guarantor?.name, 'Este aval'),
      remove: () => remove(index),
    });
  };

  return (
    <SectionCard title={formLabels.sections.guarantors} description="Obligatorio para pólizas Plus y Plus Auto.">
      <ArrayError name="guarantors" />
      <div className="divide-y divide-slate-100 dark:divide-slate-800 [&>*]:py-6 [&>*:first-child]:pt-0">
        {fields.map((field, index) => (
          <GuarantorFields
            key={field.id}
            index={index}
            type={type}
            actions={
              <Button
                variant="danger-outline"
                size="sm"
                disabled={!canRemove}
                title={canRemove ? undefined : 'Debe haber al menos un aval'}
                onClick={() => askRemove(index)}
              >
                <Trash2 aria-hidden="true" />
                {formLabels.removeGuarantor(index + 1)}
              </Button>
            }
          />
        ))}
      </div>
      <Button variant="secondary" onClick={() => append(emptyGuarantor())}>
        <Plus aria-hidden="true" />
        {formLabels.addGuarantor}
      </Button>
      <ConfirmDialog {...removal.dialogProps} />
    </SectionCard>
  );
}
