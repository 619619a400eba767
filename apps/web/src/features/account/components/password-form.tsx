import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { accountLabels, accountMessages as messages, changePasswordSchema, type ChangePasswordInput } from '@portal/domain';
import { passwordChangeHash } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { FormSection } from '@/components/ui/form-section';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { useChangePassword } from '../api';

type PasswordForm = Omit<ChangePasswordInput, 'refreshToken'>;
const fieldNames = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const blank: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** 'Cambiar contraseña': the current one proves it is the person; every other session ends (server). */
export function PasswordForm() {
  const form = useForm<PasswordForm>({ resolver: zodResolver(changePasswordSchema), defaultValues: blank });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const { setFocus } = form;
  // Sent here to replace a temporary password (issue 19): the first field is ready to type in.
  useEffect(() => {
    if (window.location.hash === passwordChangeHash) setFocus('currentPassword');
  }, [setFocus]);
  const change = useChangePassword();

  const submit = handleSubmit(async (values) => {
    clearFailure();
    try {
      await change.mutateAsync(values);
      reset(blank);
      notify.success(messages.passwordChanged);
    } catch (error) {
      showFailure(error, { title: messages.passwordError, shownFields: fieldNames, toast: () => notify.error(messages.passwordError) });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <SaveFailureAlert failure={failure} alertRef={alertRef} />
      <FormSection title="Cambiar contraseña" description="Mínimo 8 caracteres. Al cambiarla se cierran sus sesiones en otros dispositivos.">
        <TextField
          label={accountLabels.currentPassword}
          type="password"
          autoComplete="current-password"
          required
          fieldClassName="sm:col-span-2"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <TextField label={accountLabels.newPassword} type="password" autoComplete="new-password" required error={errors.newPassword?.message} {...register('newPassword')} />
        <TextField label={accountLabels.confirmPassword} type="password" autoComplete="new-password" required error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      </FormSection>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Guardando...' : 'Cambiar contraseña'}
      </Button>
    </form>
  );
}
