import { useState, type FormEvent } from 'react';
import { RotateCcw } from 'lucide-react';
import { claimStages, defaultClaimStageLabels, type ClaimStage } from '@portal/domain';
import { errorMessage, isApiError, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { useClaimStageLabels, useSaveStageLabels } from '../api/list';

type Labels = Record<ClaimStage, string>;
type Errors = Partial<Record<ClaimStage, string>>;

/** As the API's input: required, at most 60 characters. */
const maxLength = 60;

/** /admin/claim-stages: 'Etapas de incidencias', the names the list, the board and the owner's page show (admins). */
export function ClaimStagesPage() {
  usePageTitle('Etapas de incidencias');
  const labels = useClaimStageLabels();
  return (
    <div className="space-y-6">
      <PageHeader title="Etapas de incidencias" description="Los nombres de las ocho etapas de un caso. El orden y su significado no cambian; solo cómo se llaman en pantallas, avisos y exportaciones." />
      <QueryState query={labels} loading="Cargando etapas..." errorTitle="Error al cargar las etapas" isEmpty={() => false}>
        {(data) => <StageLabelsForm saved={{ ...defaultClaimStageLabels, ...data.labels }} />}
      </QueryState>
    </div>
  );
}

function validate(labels: Labels): Errors {
  const errors: Errors = {};
  for (const stage of claimStages) {
    const value = labels[stage].trim();
    if (!value) errors[stage] = 'El nombre de la etapa es obligatorio';
    else if (value.length > maxLength) errors[stage] = `El nombre de la etapa admite como máximo ${maxLength} caracteres`;
  }
  return errors;
}

/** The server's `details` under the rows they name ('labels.lawsuit'). */
function serverErrors(error: unknown): Errors {
  const errors: Errors = {};
  if (!isApiError(error)) return errors;
  for (const detail of error.details) {
    const stage = claimStages.find((candidate) => detail.field === candidate || detail.field.endsWith(`.${candidate}`));
    if (stage) errors[stage] = detail.message;
  }
  return errors;
}

function StageLabelsForm({ saved }: { saved: Labels }) {
  const [labels, setLabels] = useState<Labels>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const save = useSaveStageLabels();
  const changed = claimStages.some((stage) => labels[stage] !== saved[stage]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(labels);
    setErrors(found);
    const first = claimStages.find((stage) => found[stage]);
    if (first) document.getElementById(`stage-${first}`)?.focus();
    else setConfirming(true);
  };

  const confirm = () => {
    const trimmed = Object.fromEntries(claimStages.map((stage) => [stage, labels[stage].trim()])) as Labels;
    save.mutate(trimmed, {
      onSuccess: (answer) => {
        setConfirming(false);
        setLabels({ ...defaultClaimStageLabels, ...answer.labels });
        notify.success('Etapas guardadas');
      },
      onError: (error) => {
        setConfirming(false);
        setErrors(serverErrors(error));
        if (!isSessionExpired(error)) notify.error('Error al guardar las etapas', errorMessage(error));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-3xl space-y-4">
      {save.isError && !isSessionExpired(save.error) ? <Alert>{`Error al guardar las etapas. ${errorMessage(save.error)}`}</Alert> : null}
      <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {claimStages.map((stage, index) => (
          <StageLabelRow
            key={stage}
            stage={stage}
            position={index + 1}
            value={labels[stage]}
            error={errors[stage]}
            onChange={(value) => setLabels((current) => ({ ...current, [stage]: value }))}
          />
        ))}
      </ol>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" disabled={!changed || save.isPending} onClick={() => (setLabels(saved), setErrors({}))}>
          Descartar cambios
        </Button>
        <Button type="submit" disabled={!changed || save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Guardando...' : 'Guardar'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !save.isPending && setConfirming(open)}
        title="¿Guardar los nombres de las etapas?"
        description="Los nuevos nombres se verán en la lista, el tablero, las exportaciones y la página del propietario de todas las sucursales."
        confirmLabel="Guardar"
        busy={save.isPending}
        onConfirm={confirm}
      />
    </form>
  );
}

interface StageLabelRowProps {
  stage: ClaimStage;
  position: number;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** One stage's name, its default beside it, and 'Restablecer' (back to the default). */
function StageLabelRow({ stage, position, value, error, onChange }: StageLabelRowProps) {
  const id = `stage-${stage}`;
  const fallback = defaultClaimStageLabels[stage];
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:gap-4">
      <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold tabular-nums dark:bg-slate-800">
        {position}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <Label htmlFor={id}>{`Etapa ${position}: ${fallback}`}</Label>
        <Input
          id={id}
          value={value}
          maxLength={80}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(event) => onChange(event.target.value)}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
            Predeterminado: {fallback}
          </p>
        )}
      </div>
      <Button type="button" variant="ghost" size="sm" className="self-start sm:mt-6" disabled={value === fallback} aria-label={`Restablecer «${fallback}»`} onClick={() => onChange(fallback)}>
        <RotateCcw aria-hidden="true" />
        Restablecer
      </Button>
    </li>
  );
}
