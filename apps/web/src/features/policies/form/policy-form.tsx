import { useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { adminRoles, guarantorRequiredFor, hasRole, policyMessages, type Policy, type PolicyFormValues, type PolicyInput } from '@portal/domain';
import { getUser, useSession } from '@/features/auth';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { FormActions } from '@/components/ui/form-actions';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { StaleVersionAlert, useStaleVersion } from '@/components/form/stale-version';
import { fieldsNamed } from '@/lib/form-errors';
import { GeneralSection } from './general-section';
import { GuarantorsSection } from './guarantors-section';
import { OwnerSection } from './owner-section';
import { policyFormResolver } from './policy-form-resolver';
import { newPolicyFormValues, policyToFormValues } from './policy-form-values';
import { PropertySection } from './property-section';
import { RentSection } from './rent-section';
import { TenantsSection } from './tenants-section';
import { useEnterToNextField } from './use-enter-to-next-field';

interface PolicyFormProps {
  /** The stored policy on 'Editar Póliza'; absent on 'Nueva Póliza'. */
  policy?: Policy;
  /**
   * Sends the validated body, with the version the form's values were loaded at (If-Match) on
   * 'Editar Póliza'; a rejection is shown on the form.
   */
  onSave: (body: PolicyInput, ifMatch: number | undefined) => Promise<unknown>;
  /** Reads the stored policy again, for 'Recargar' after a 412 ('Editar Póliza'). */
  onReload?: () => Promise<Policy | undefined>;
  /** Issue 20 (leads pipeline): a new policy's first tenant, prefilled from the lead being converted. */
  firstTenant?: { name: string; phone: string; mobile: string; email: string } | undefined;
}

/** 'Nueva Póliza' / 'Editar Póliza': six sections validated by the API's own schema. */
export function PolicyForm({ policy, onSave, onReload, firstTenant }: PolicyFormProps) {
  const { user } = useSession();
  const [defaults] = useState(() =>
    policy ? policyToFormValues(policy) : withFirstTenant(newPolicyFormValues(user && hasRole(user.role, adminRoles) ? user.branchId : null), firstTenant),
  );
  const form = useForm<PolicyFormValues, unknown, PolicyInput>({ resolver: policyFormResolver, defaultValues: defaults });
  const type = useWatch({ control: form.control, name: 'policyType' }) ?? 'basica';
  const { failure, showFailure, showMessage, clearFailure, alertRef } = useSaveFailure(form);
  const formRef = useRef<HTMLFormElement>(null);
  const onKeyDown = useEnterToNextField();
  const isEdit = policy !== undefined;
  const stale = useStaleVersion({
    record: policy,
    refetch: onReload ?? (() => Promise.resolve(undefined)),
    reset: (fresh) => form.reset(policyToFormValues(fresh)),
  });

  const save = async (body: PolicyInput) => {
    clearFailure();
    // The session may have ended in another tab while the form was being filled in.
    if (!getUser()) {
      showMessage(policyMessages.noUser);
      notify.error(policyMessages.noUser);
      return;
    }
    try {
      const stored = await onSave(body, stale.version);
      if (isVersioned(stored)) stale.saved(stored);
    } catch (error) {
      // Someone saved first: what was typed stays, the alert offers their version.
      if (stale.caughtStale(error)) {
        notify.error(policyMessages.saveErrorToast);
        return;
      }
      // Sections and rows come and go with the policy type: the fields shown are those in the form now.
      const shown = fieldsNamed(error).filter((field) => formRef.current?.elements.namedItem(field));
      showFailure(error, {
        title: policyMessages.saveError,
        shownFields: shown,
        alwaysAlert: true,
        toast: () => notify.error(policyMessages.saveErrorToast),
      });
    }
  };
  // Built per submit (not during render): the handler reads the form element's ref.
  const submit = (event: FormEvent<HTMLFormElement>) => form.handleSubmit(save)(event);

  return (
    <FormProvider {...form}>
      <form ref={formRef} onSubmit={submit} onKeyDown={onKeyDown} noValidate className="space-y-6">
        <UnsavedChangesGuard dirty={form.formState.isDirty && !form.formState.isSubmitting} />
        <SaveFailureAlert failure={failure} alertRef={alertRef} />
        <StaleVersionAlert state={stale} />
        <GeneralSection investigationId={policy ? policy.investigationId : null} />
        <TenantsSection />
        {guarantorRequiredFor(type) ? <GuarantorsSection type={type} /> : null}
        <PropertySection />
        <OwnerSection />
        <RentSection />
        <FormActions
          cancelTo={paths.policies.list.to()}
          submitLabel={isEdit ? 'Guardar Cambios' : 'Crear Póliza'}
          busyLabel={isEdit ? 'Guardando...' : 'Creando...'}
          busy={form.formState.isSubmitting}
        />
      </form>
    </FormProvider>
  );
}

/** A save's answer that carries the stored version (the edit page's). */
function isVersioned(value: unknown): value is { version: number } {
  return typeof value === 'object' && value !== null && typeof (value as { version?: unknown }).version === 'number';
}

/** Issue 20 (leads pipeline): the lead's name and contact in the first tenant of a new policy. */
function withFirstTenant(values: PolicyFormValues, firstTenant: PolicyFormProps['firstTenant']): PolicyFormValues {
  if (!firstTenant) return values;
  const [first, ...rest] = values.tenants;
  return { ...values, tenants: [{ ...first!, ...firstTenant }, ...rest] };
}
