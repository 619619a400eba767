import { useState, type FormEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { claimDescriptionMax, claimOwnerFilesField, claimOwnerMessages, claimTypeLabels, claimTypes, type ClaimType } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonField } from '@/components/ui/reason-field';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { EvidencePicker } from './evidence-picker';
import { useReportProblem } from './public-api';

type Missing = Partial<Record<'type' | 'description', string>>;

/** What the form checks before it asks to confirm (the server checks the same, and names the field). */
function missingOf(type: ClaimType | '', description: string): Missing {
  return {
    ...(type ? {} : { type: 'Elija el tipo de problema' }),
    ...(description.trim() ? {} : { description: 'Describa el problema' }),
  };
}

/**
 * 'Reportar un problema' (issue 33): the type, what happened and up to five photos or PDFs,
 * confirmed before it is sent; the answer is the case's number, which the owner keeps.
 */
export function ReportForm({ token }: { token: string }) {
  const report = useReportProblem(token);
  const [type, setType] = useState<ClaimType | ''>('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [missing, setMissing] = useState<Missing>({});
  const [confirming, setConfirming] = useState(false);
  const [number, setNumber] = useState<string | null>(null);

  const serverError = (field: string) => (isApiError(report.error) ? report.error.details.find((detail) => detail.field === field)?.message : undefined);
  const namedFields = isApiError(report.error) && report.error.details.some((detail) => ['type', 'description', claimOwnerFilesField].includes(detail.field));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = missingOf(type, description);
    setMissing(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const send = async () => {
    try {
      const answer = await report.mutateAsync({ type, description, files });
      setNumber(answer.number);
      setType('');
      setDescription('');
      setFiles([]);
    } catch {
      // The refusal shows under its field, or above the button.
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section aria-labelledby="report-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <h2 id="report-heading" className="text-base font-semibold">
        Reportar un problema
      </h2>
      {number ? (
        <p role="status" className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {claimOwnerMessages.reported(number)}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate className="space-y-3">
        <SelectField label="Tipo de problema" required value={type} onChange={(event) => setType(event.target.value as ClaimType | '')} error={missing.type ?? serverError('type')} disabled={report.isPending}>
          <option value="">Seleccione el tipo de problema</option>
          {claimTypes.map((value) => (
            <option key={value} value={value}>
              {claimTypeLabels[value]}
            </option>
          ))}
        </SelectField>
        <ReasonField
          label="Descripción"
          hint="¿Qué pasó y desde cuándo? Por ejemplo: el inquilino no ha pagado marzo, o hay daños en la cocina."
          value={description}
          onChange={setDescription}
          error={missing.description ?? serverError('description')}
          max={claimDescriptionMax}
          disabled={report.isPending}
        />
        <EvidencePicker files={files} onChange={setFiles} disabled={report.isPending} error={serverError(claimOwnerFilesField)} />
        {report.isError && !namedFields ? <Alert>{errorMessage(report.error)}</Alert> : null}
        <Button type="submit" className="w-full" disabled={report.isPending} aria-busy={report.isPending || undefined}>
          {report.isPending ? 'Enviando...' : 'Enviar reporte'}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!report.isPending) setConfirming(open);
        }}
        title="¿Enviar su reporte?"
        description={`${type ? claimTypeLabels[type] : ''}${files.length > 0 ? `, con ${files.length === 1 ? '1 archivo' : `${files.length} archivos`}` : ', sin archivos'}. La oficina lo revisará y le dará seguimiento.`}
        confirmLabel="Enviar reporte"
        busy={report.isPending}
        onConfirm={() => void send()}
      />
    </section>
  );
}
