import { useFieldArray, useFormContext } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import type { PolicyFormValues } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ArrayError } from './fields';
import { formLabels } from './form-labels';
import { emptyTenant } from './policy-form-values';
import { SectionCard } from './section-card';
import { TenantFields } from './tenant-fields';
import { removalDescription, useConfirmedRemoval } from './use-confirmed-removal';

/** One or more tenants; the last one cannot be removed (spec section 5), one with typed data only after asking. */
export function TenantsSection() {
  const { control, getValues } = useFormContext<PolicyFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'tenants' });
  const removal = useConfirmedRemoval();
  const canRemove = fields.length > 1;
  const askRemove = (index: number) => {
    const tenant = getValues(`tenants.${index}`);
    removal.request(tenant, {
      title: `¿${formLabels.removeTenant(index + 1)}?`,
      description: removalDescription(tenant.name, 'Este inquilino'),
      remove: () => remove(index),
    });
  };

  return (
    <SectionCard title={formLabels.sections.tenants}>
      <ArrayError name="tenants" />
      <div className="divide-y divide-slate-100 dark:divide-slate-800 [&>*]:py-6 [&>*:first-child]:pt-0">
        {fields.map((field, index) => (
          <TenantFields
            key={field.id}
            index={index}
            actions={
              <Button
                variant="danger-outline"
                size="sm"
                disabled={!canRemove}
                title={canRemove ? undefined : 'Debe haber al menos un inquilino'}
                onClick={() => askRemove(index)}
              >
                <Trash2 aria-hidden="true" />
                {formLabels.removeTenant(index + 1)}
              </Button>
            }
          />
        ))}
      </div>
      <Button variant="secondary" onClick={() => append(emptyTenant())}>
        <Plus aria-hidden="true" />
        {formLabels.addTenant}
      </Button>
      <ConfirmDialog {...removal.dialogProps} />
    </SectionCard>
  );
}
