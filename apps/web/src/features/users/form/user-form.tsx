import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  recordStatuses,
  recordStatusLabels,
  roleLabels,
  roles,
  userCreateFormSchema,
  userLabels,
  userEditFormSchema,
  type Branch,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UserFormInput,
  type UserFormOutput,
  type User,
} from '@portal/domain';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { Card } from '@/components/ui/card';
import { FormActions } from '@/components/ui/form-actions';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { FormSection } from '@/components/ui/form-section';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { StaleVersionAlert, useStaleVersion } from '@/components/form/stale-version';

/** Spec section 8. */
const saveErrorToast = 'Error al guardar el usuario';

const fieldNames = ['email', 'firstName', 'lastName', 'role', 'branchId', 'phone', 'mobile', 'status', 'password', 'legalRepresentative', 'rfc', 'curp'] as const;

type UserFormProps =
  | {
      mode: 'create';
      branches: Branch[];
      /** The signed-in admin's own branch: new users usually join it (issue 14). */
      defaultBranchId?: number | null;
      onSubmit: (body: CreateUserRequest) => Promise<unknown>;
    }
  | {
      mode: 'edit';
      user: User;
      branches: Branch[];
      /** The save, with the version the form was loaded at (If-Match, decision 023). */
      onSubmit: (body: UpdateUserRequest, ifMatch: number | undefined) => Promise<unknown>;
      /** Reads the user again, for 'Recargar' after a 412. */
      onReload?: () => Promise<User | undefined>;
    };

/** Branches a user may be assigned to: the active ones, plus (on edit) the one they are in. */
function selectableBranches(branches: Branch[], currentBranchId: number | null): Branch[] {
  return branches.filter((branch) => branch.status === 'active' || branch.id === currentBranchId);
}

/**
 * Create: role agent, status active, the admin's own branch (the spec's first branch when it is
 * not selectable). Edit: the record, passwords blank.
 */
function userFormDefaults(props: UserFormProps): UserFormInput {
  if (props.mode === 'edit') return userToFormValues(props.user);
  const selectable = selectableBranches(props.branches, null);
  const first = selectable.find((branch) => branch.id === props.defaultBranchId) ?? selectable[0];
  return {
    email: '',
    firstName: '',
    lastName: '',
    role: 'agent',
    branchId: first ? String(first.id) : '',
    phone: '',
    mobile: '',
    status: 'active',
    legalRepresentative: false,
    rfc: '',
    curp: '',
    password: '',
    confirmPassword: '',
  };
}

/** The stored record in the form, passwords blank. */
function userToFormValues(user: User): UserFormInput {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    branchId: user.branchId === null ? '' : String(user.branchId),
    phone: user.phone,
    mobile: user.mobile,
    status: user.status,
    legalRepresentative: user.legalRepresentative,
    rfc: user.rfc,
    curp: user.curp,
    password: '',
    confirmPassword: '',
  };
}

/**
 * 'Nuevo Usuario' / 'Editar Usuario'. Validated by the domain's schemas (the server's rules and
 * messages); the confirmation is never sent, and on edit a blank password keeps the current one.
 */
export function UserForm(props: UserFormProps) {
  const isEdit = props.mode === 'edit';
  const [defaults] = useState(() => userFormDefaults(props));
  const resolver: Resolver<UserFormInput, unknown, UserFormOutput> = isEdit
    ? zodResolver(userEditFormSchema)
    : zodResolver(userCreateFormSchema);
  const form = useForm<UserFormInput, unknown, UserFormOutput>({ resolver, defaultValues: defaults });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const stale = useStaleVersion({
    record: isEdit ? props.user : undefined,
    refetch: (isEdit ? props.onReload : undefined) ?? (() => Promise.resolve(undefined)),
    reset: (fresh) => form.reset(userToFormValues(fresh)),
  });

  const submit = handleSubmit(async ({ confirmPassword: _confirm, password, ...record }) => {
    clearFailure();
    try {
      if (props.mode === 'create') await props.onSubmit({ ...record, password });
      else await props.onSubmit(password ? { ...record, password } : record, stale.version);
    } catch (error) {
      // Someone saved first: what was typed stays, the alert offers their version.
      if (stale.caughtStale(error)) return;
      showFailure(error, {
        title: saveErrorToast,
        shownFields: fieldNames,
        conflictField: 'email',
        toast: () => notify.error(saveErrorToast),
      });
    }
  });

  const branchOptions = selectableBranches(props.branches, isEdit ? props.user.branchId : null);

  return (
    <Card className="p-5 sm:p-8">
      <form onSubmit={submit} noValidate className="space-y-8">
        <UnsavedChangesGuard dirty={isDirty && !isSubmitting} />
        <SaveFailureAlert failure={failure} alertRef={alertRef} />
        <StaleVersionAlert state={stale} />

        <FormSection title="Cuenta">
          <TextField
            label="Correo electrónico"
            type="email"
            autoComplete="off"
            required
            error={errors.email?.message}
            fieldClassName="sm:col-span-2"
            {...register('email')}
          />
          <SelectField label="Rol" required error={errors.role?.message} {...register('role')}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Sucursal"
            required
            error={errors.branchId?.message}
            hint={branchOptions.length === 0 ? 'No hay sucursales activas: cree una primero.' : undefined}
            {...register('branchId')}
          >
            {defaults.branchId === '' ? <option value="">Seleccione una sucursal</option> : null}
            {branchOptions.map((branch) => (
              <option key={branch.id} value={String(branch.id)}>
                {branch.status === 'active' ? branch.name : `${branch.name} (inactiva)`}
              </option>
            ))}
          </SelectField>
          {isEdit ? (
            <SelectField label="Estatus" required error={errors.status?.message} {...register('status')}>
              {recordStatuses.map((status) => (
                <option key={status} value={status}>
                  {recordStatusLabels[status]}
                </option>
              ))}
            </SelectField>
          ) : null}
        </FormSection>

        <FormSection title="Datos personales">
          <TextField label="Nombre" autoComplete="off" required error={errors.firstName?.message} {...register('firstName')} />
          <TextField label="Apellido" autoComplete="off" required error={errors.lastName?.message} {...register('lastName')} />
          <TextField label="Teléfono" type="tel" autoComplete="off" required error={errors.phone?.message} {...register('phone')} />
          <TextField label="Celular" type="tel" autoComplete="off" required error={errors.mobile?.message} {...register('mobile')} />
        </FormSection>

        <FormSection
          title="Firma de documentos"
          description="Quien representa legalmente a la sucursal firma el contrato de arrendamiento y la póliza en nombre de la oficina, después de los demás firmantes."
        >
          <CheckboxField
            label={userLabels.legalRepresentative}
            hint="Solo una persona activa por sucursal. Sin representante legal, la oficina firma en papel."
            fieldClassName="sm:col-span-2"
            error={errors.legalRepresentative?.message}
            {...register('legalRepresentative')}
          />
          <TextField
            label={userLabels.rfc}
            autoComplete="off"
            maxLength={13}
            className="uppercase"
            hint="El de su e.firma del SAT: se comprueba contra el certificado al firmar."
            error={errors.rfc?.message}
            {...register('rfc')}
          />
          <TextField
            label={userLabels.curp}
            autoComplete="off"
            maxLength={18}
            className="uppercase"
            hint="18 caracteres, como en su e.firma."
            error={errors.curp?.message}
            {...register('curp')}
          />
        </FormSection>

        <FormSection
          title={isEdit ? 'Restablecer contraseña' : 'Contraseña'}
          description={
            isEdit
              ? 'Déjela en blanco para conservar la contraseña actual. Mínimo 8 caracteres.'
              : 'Mínimo 8 caracteres.'
          }
        >
          <TextField
            label={isEdit ? 'Nueva contraseña' : 'Contraseña'}
            type="password"
            autoComplete="new-password"
            required={!isEdit}
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label={isEdit ? 'Confirmar nueva contraseña' : 'Confirmar contraseña'}
            type="password"
            autoComplete="new-password"
            required={!isEdit}
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </FormSection>

        <FormActions
          cancelTo={paths.admin.users.list.to()}
          submitLabel={isEdit ? 'Guardar Cambios' : 'Crear Usuario'}
          busyLabel={isEdit ? 'Guardando...' : 'Creando...'}
          busy={isSubmitting}
        />
      </form>
    </Card>
  );
}
