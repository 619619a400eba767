import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  gatewayKindLabels,
  gatewayKinds,
  whatsappFieldLabels as labels,
  whatsappGatewayInputSchema,
  whatsappMessages as texts,
  type WhatsappGateway,
  type WhatsappGatewayFormValues,
  type WhatsappGatewayInput,
} from '@portal/domain';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { SaveFailureAlert, useSaveFailure } from '@/components/ui/save-failure-alert';
import { StaleVersionAlert, useStaleVersion } from '@/components/form/stale-version';
import { useReloadGateway, useSaveGateway } from '../api';

const resolver: Resolver<WhatsappGatewayFormValues, unknown, WhatsappGatewayInput> = zodResolver(whatsappGatewayInputSchema);
const shownFields = ['kind', 'serverUrl', 'instance', 'apiKey'] as const;

/**
 * The branch's gateway. The API key is write-only: the field starts empty, says whether one is
 * stored, and an empty field keeps it.
 */
export function GatewayForm({ branchId, gateway }: { branchId: number; gateway: WhatsappGateway | null }) {
  const form = useForm<WhatsappGatewayFormValues, unknown, WhatsappGatewayInput>({
    resolver,
    defaultValues: { kind: gateway?.kind ?? 'evolution', serverUrl: gateway?.serverUrl ?? '', instance: gateway?.instance ?? '', apiKey: '' },
  });
  const save = useSaveGateway(branchId);
  const reload = useReloadGateway(branchId);
  const stale = useStaleVersion({
    record: gateway ?? undefined,
    refetch: reload,
    reset: (fresh) => form.reset({ kind: fresh.kind, serverUrl: fresh.serverUrl, instance: fresh.instance, apiKey: '' }),
  });
  const { failure, showFailure, clearFailure, alertRef } = useSaveFailure(form);
  const { errors, isSubmitting } = form.formState;
  const { register } = form;

  const submit = async (body: WhatsappGatewayInput) => {
    clearFailure();
    try {
      stale.saved(await save.mutateAsync({ body, ifMatch: stale.version ?? 0 }));
      form.reset({ ...body, apiKey: '' });
      notify.success(texts.gatewaySaved);
    } catch (error) {
      // Someone saved first: what was typed stays, the alert offers their version.
      if (stale.caughtStale(error)) return;
      showFailure(error, { title: texts.gatewaySaveError, shownFields, toast: () => notify.error(texts.gatewaySaveError) });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4">
      <SaveFailureAlert failure={failure} alertRef={alertRef} />
      <StaleVersionAlert state={stale} />
      {gateway ? null : <p className="text-sm text-slate-600 dark:text-slate-400">{texts.gatewayNone}</p>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label={labels.kind} required error={errors.kind?.message} {...register('kind')}>
          {gatewayKinds.map((kind) => (
            <option key={kind} value={kind}>
              {gatewayKindLabels[kind]}
            </option>
          ))}
        </SelectField>
        <TextField label={labels.instance} required autoComplete="off" hint="Evolution: nombre de la instancia · WAHA: sesión (default)" error={errors.instance?.message} {...register('instance')} />
        <TextField
          label={labels.serverUrl}
          required
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://whatsapp.ejemplo.mx"
          fieldClassName="sm:col-span-2"
          error={errors.serverUrl?.message}
          {...register('serverUrl')}
        />
        <TextField
          label={labels.apiKey}
          type="password"
          autoComplete="new-password"
          required={!gateway?.apiKeySet}
          placeholder={gateway?.apiKeySet ? '••••••••' : ''}
          hint={gateway?.apiKeySet ? `${texts.apiKeySet}. ${texts.apiKeyKept}.` : undefined}
          fieldClassName="sm:col-span-2"
          error={errors.apiKey?.message}
          {...register('apiKey')}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Guardando...' : 'Guardar gateway'}
        </Button>
      </div>
    </form>
  );
}
