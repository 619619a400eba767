import { useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  branchFormSchema,
  defaultExpiryNoticeDays,
  defaultCommissionPercent,
  defaultRentReminderDays,
  defaultRetainClosedClaimsYears,
  defaultRetainEndedPolicyDocumentsYears,
  defaultRetainRejectedDocumentsMonths,
  defaultSigningSettings,
  maxExpiryNoticeDays,
  maxRetainClosedClaimsYears,
  maxRetainEndedPolicyDocumentsYears,
  maxRetainRejectedDocumentsMonths,
  paperSizeLabels,
  paperSizes,
  recordStatuses,
  recordStatusLabels,
  type Branch,
  type BranchFormInput,
  type BranchFormOutput,
  type CreateBranchRequest,
  type UpdateBranchRequest,
  type User,
} from '@portal/domain';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { AddressFields } from '@/components/form/address-fields';
import { Card } from '@/components/ui/card';
import { FormActions } from '@/components/ui/form-actions';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { FormSection } from '@/components/ui/form-section';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { StaleVersionAlert, useStaleVersion } from '@/components/form/stale-version';
import { FeeSettingsFields } from './fee-settings-fields';
import { RentSettingsFields } from './rent-settings-fields';
import { SigningSettingsFields } from './signing-settings-fields';

/** The domain's rules and messages, the server's own. */
const resolver: Resolver<BranchFormInput, unknown, BranchFormOutput> = zodResolver(branchFormSchema);

/** Spec section 8. */
const saveErrorToast = 'Error al guardar la sucursal';

const fieldNames = [
  'name',
  'code',
  'expiryNoticeDays',
  'paperSize',
  'signatureMethodLease',
  'signatureMethodPolicy',
  'signatureMethodPromissoryNotes',
  'signingOrder',
  'signingRoundDays',
  'signingReminderMax',
  'retainRejectedDocumentsMonths',
  'retainEndedPolicyDocumentsYears',
  'retainClosedClaimsYears',
  'rentReminderDays',
  'maxRentIncreasePercent',
  'maxRentIncreaseSource',
  'requireFeeBeforeContracts',
  'commissionPercent',
  'address.street',
  'address.exteriorNumber',
  'address.interiorNumber',
  'address.colony',
  'address.municipality',
  'address.state',
  'address.zipCode',
  'phone',
  'email',
  'manager',
  'status',
] as const;

type BranchFormProps = { managers: User[]; managersUnavailable?: boolean } & (
  | { mode: 'create'; onSubmit: (body: CreateBranchRequest) => Promise<unknown> }
  | {
      mode: 'edit';
      branch: Branch;
      /** The save, with the version the form was loaded at (If-Match, decision 023). */
      onSubmit: (body: UpdateBranchRequest, ifMatch: number | undefined) => Promise<unknown>;
      /** Reads the branch again, for 'Recargar' after a 412. */
      onReload?: () => Promise<Branch | undefined>;
    }
);

function branchFormDefaults(branch: Branch | null): BranchFormInput {
  const address = branch?.address;
  return {
    name: branch?.name ?? '',
    address: {
      street: address?.street ?? '',
      exteriorNumber: address?.exteriorNumber ?? '',
      interiorNumber: address?.interiorNumber ?? '',
      colony: address?.colony ?? '',
      municipality: address?.municipality ?? '',
      state: address?.state ?? '',
      zipCode: address?.zipCode ?? '',
    },
    phone: branch?.phone ?? '',
    email: branch?.email ?? '',
    manager: branch?.manager ? String(branch.manager) : '',
    code: branch?.code ?? '',
    expiryNoticeDays: String(branch?.expiryNoticeDays ?? defaultExpiryNoticeDays),
    paperSize: branch?.paperSize ?? 'letter',
    signatureMethodLease: branch?.signatureMethodLease ?? defaultSigningSettings.signatureMethodLease,
    signatureMethodPolicy: branch?.signatureMethodPolicy ?? defaultSigningSettings.signatureMethodPolicy,
    signatureMethodPromissoryNotes: branch?.signatureMethodPromissoryNotes ?? defaultSigningSettings.signatureMethodPromissoryNotes,
    signingOrder: branch?.signingOrder ?? defaultSigningSettings.signingOrder,
    signingRoundDays: String(branch?.signingRoundDays ?? defaultSigningSettings.signingRoundDays),
    signingReminderMax: String(branch?.signingReminderMax ?? defaultSigningSettings.signingReminderMax),
    retainRejectedDocumentsMonths: retentionText(branch ? branch.retainRejectedDocumentsMonths : defaultRetainRejectedDocumentsMonths),
    retainEndedPolicyDocumentsYears: retentionText(branch ? branch.retainEndedPolicyDocumentsYears : defaultRetainEndedPolicyDocumentsYears),
    retainClosedClaimsYears: retentionText(branch ? branch.retainClosedClaimsYears : defaultRetainClosedClaimsYears),
    rentReminderDays: retentionText(branch ? branch.rentReminderDays : defaultRentReminderDays),
    maxRentIncreasePercent: retentionText(branch?.maxRentIncreasePercent ?? null),
    maxRentIncreaseSource: branch?.maxRentIncreaseSource ?? '',
    requireFeeBeforeContracts: branch?.requireFeeBeforeContracts ?? false,
    commissionPercent: branch?.commissionPercent ?? defaultCommissionPercent,
    status: branch?.status ?? 'active',
  };
}

/** A retention period (or another optional number) as the field shows it: empty for null ('Nunca'). */
function retentionText(period: number | null): string {
  return period === null ? '' : String(period);
}

/**
 * The manager choices: 'Sin gerente', the active managers, and — on edit — the current manager
 * even when no longer an active manager (so saving does not silently drop them).
 */
function managerOptions(managers: User[], branch: Branch | null) {
  const options = managers.map((user) => ({ value: String(user.id), label: `${user.firstName} ${user.lastName}`.trim() }));
  if (branch?.manager && !managers.some((user) => user.id === branch.manager)) {
    options.unshift({ value: String(branch.manager), label: branch.managerName ?? `Usuario ${branch.manager}` });
  }
  return options;
}

/** 'Nueva Sucursal' / 'Editar Sucursal', validated by the domain's request schemas. */
export function BranchForm(props: BranchFormProps) {
  const branch = props.mode === 'edit' ? props.branch : null;
  const isEdit = branch !== null;
  const [defaults] = useState(() => branchFormDefaults(branch));
  const form = useForm<BranchFormInput, unknown, BranchFormOutput>({ resolver, defaultValues: defaults });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const stale = useStaleVersion({
    record: branch ?? undefined,
    refetch: (props.mode === 'edit' ? props.onReload : undefined) ?? (() => Promise.resolve(undefined)),
    reset: (fresh) => form.reset(branchFormDefaults(fresh)),
  });

  const submit = handleSubmit(async (body) => {
    clearFailure();
    try {
      if (props.mode === 'edit') await props.onSubmit(body, stale.version);
      else await props.onSubmit(body);
    } catch (error) {
      // Someone saved first: what was typed stays, the alert offers their version.
      if (stale.caughtStale(error)) return;
      showFailure(error, {
        title: saveErrorToast,
        shownFields: fieldNames,
        conflictField: 'name',
        toast: () => notify.error(saveErrorToast),
      });
    }
  });

  return (
    <Card className="p-5 sm:p-8">
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate className="space-y-8">
          <UnsavedChangesGuard dirty={isDirty && !isSubmitting} />
          <SaveFailureAlert failure={failure} alertRef={alertRef} />
          <StaleVersionAlert state={stale} />

          <FormSection title="Sucursal">
            <TextField label="Nombre" required autoComplete="off" error={errors.name?.message} {...register('name')} />
            {isEdit ? (
              <SelectField label="Estatus" required error={errors.status?.message} {...register('status')}>
                {recordStatuses.map((status) => (
                  <option key={status} value={status}>
                    {recordStatusLabels[status]}
                  </option>
                ))}
              </SelectField>
            ) : null}
            <TextField
              label="Clave"
              autoComplete="off"
              maxLength={6}
              className="uppercase"
              hint={isEdit ? 'De 2 a 6 letras o dígitos; inicia los folios de póliza (POL-2026-00042).' : 'De 2 a 6 letras o dígitos; si la deja vacía se asigna SUC y un número.'}
              error={errors.code?.message}
              {...register('code')}
            />
            <TextField
              label="Aviso de vencimiento (días)"
              inputMode="numeric"
              required
              autoComplete="off"
              hint={`Días antes del fin de vigencia en que una póliza pasa a «Por vencer» (1 a ${maxExpiryNoticeDays}).`}
              error={errors.expiryNoticeDays?.message}
              {...register('expiryNoticeDays')}
            />
            <SelectField
              label="Tamaño de papel de los documentos"
              required
              hint="El papel en que se generan los contratos, la póliza jurídica y los pagarés de la sucursal."
              error={errors.paperSize?.message}
              {...register('paperSize')}
            >
              {paperSizes.map((size) => (
                <option key={size} value={size}>
                  {paperSizeLabels[size]}
                </option>
              ))}
            </SelectField>
            <TextField label="Teléfono" type="tel" required autoComplete="off" error={errors.phone?.message} {...register('phone')} />
            <TextField
              label="Correo electrónico"
              type="email"
              required
              autoComplete="off"
              error={errors.email?.message}
              {...register('email')}
            />
            <SelectField
              label="Gerente"
              error={errors.manager?.message}
              hint={
                props.managersUnavailable
                  ? 'No se pudo cargar la lista de gerentes; intente de nuevo más tarde.'
                  : 'Solo usuarios activos con rol Gerente.'
              }
              fieldClassName="sm:col-span-2"
              {...register('manager')}
            >
              <option value="">Sin gerente</option>
              {managerOptions(props.managers, branch).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </SelectField>
          </FormSection>

          <FormSection
            title="Retención de documentos"
            description="Los archivos de la póliza se eliminan automáticamente al cumplirse el plazo; la póliza, su historial y los datos de las personas se conservan. Vacío = no se eliminan nunca."
          >
            <TextField
              label="Documentos de investigaciones rechazadas (meses)"
              inputMode="numeric"
              autoComplete="off"
              placeholder="Nunca"
              hint={`Meses después del rechazo (1 a ${maxRetainRejectedDocumentsMonths}).`}
              error={errors.retainRejectedDocumentsMonths?.message}
              {...register('retainRejectedDocumentsMonths')}
            />
            <TextField
              label="Documentos de pólizas terminadas (años)"
              inputMode="numeric"
              autoComplete="off"
              placeholder="Nunca"
              hint={`Años después del vencimiento o la cancelación (1 a ${maxRetainEndedPolicyDocumentsYears}).`}
              error={errors.retainEndedPolicyDocumentsYears?.message}
              {...register('retainEndedPolicyDocumentsYears')}
            />
            <TextField
              label="Incidencias cerradas (años)"
              inputMode="numeric"
              autoComplete="off"
              placeholder="Nunca"
              hint={`Años después del cierre en que se anonimizan sus datos personales; los montos y fechas se conservan (1 a ${maxRetainClosedClaimsYears}).`}
              error={errors.retainClosedClaimsYears?.message}
              {...register('retainClosedClaimsYears')}
            />
          </FormSection>

          <SigningSettingsFields />
          <RentSettingsFields />
          <FeeSettingsFields />

          <FormSection title="Dirección">
            <AddressFields path="address" required markOptional className="sm:col-span-2" />
          </FormSection>

          <FormActions
            cancelTo={paths.admin.branches.list.to()}
            submitLabel={isEdit ? 'Guardar Cambios' : 'Crear Sucursal'}
            busyLabel={isEdit ? 'Guardando...' : 'Creando...'}
            busy={isSubmitting}
          />
        </form>
      </FormProvider>
    </Card>
  );
}
