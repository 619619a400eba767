import { useId, useState, type FormEvent } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { whatsappFieldLabels as labels, whatsappMessages as texts, type WhatsappTemplate } from '@portal/domain';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { describedControl, FormField, TextField } from '@/components/ui/form-field';
import { controlClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteTemplate, useSaveTemplate, useTemplates } from '../api';

interface Draft {
  id: number | null;
  name: string;
  body: string;
}

/** The branch's templates: list, add, edit, delete (after a confirmation). */
export function TemplatesEditor({ branchId }: { branchId: number }) {
  const templates = useTemplates(branchId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [toDelete, setToDelete] = useState<WhatsappTemplate | null>(null);
  const remove = useDeleteTemplate(branchId);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notify.success(texts.templateDeleted);
    } catch (error) {
      notify.error(texts.templateDeleteError, errorMessage(error));
    }
    setToDelete(null);
  };

  if (templates.isPending) return <Spinner label="Cargando plantillas..." className="py-6" />;
  if (templates.isError) {
    return (
      <div role="alert" className="space-y-2 text-sm">
        <p>{errorMessage(templates.error, texts.loadError)}</p>
        <Button variant="secondary" size="sm" onClick={() => void templates.refetch()}>
          Reintentar
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{texts.templatesHelp}</p>
      {templates.data.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{texts.templatesEmpty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {templates.data.map((template) => (
            <li key={template.id} className="flex items-start gap-2 p-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{template.name}</p>
                <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-600 dark:text-slate-400">{template.body}</p>
              </div>
              <Button variant="ghost" size="icon" className="size-8" aria-label={`Editar plantilla ${template.name}`} onClick={() => setDraft({ id: template.id, name: template.name, body: template.body })}>
                <Pencil aria-hidden="true" />
              </Button>
              <Button variant="ghost" size="icon" className="size-8 text-red-600 dark:text-red-400" aria-label={`Eliminar plantilla ${template.name}`} onClick={() => setToDelete(template)}>
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {draft ? (
        <TemplateForm key={draft.id ?? 'new'} branchId={branchId} draft={draft} onDone={() => setDraft(null)} />
      ) : (
        <Button variant="secondary" onClick={() => setDraft({ id: null, name: '', body: '' })}>
          <Plus aria-hidden="true" />
          {texts.templateNew}
        </Button>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? null : setToDelete(null))}
        title="Eliminar plantilla"
        description={toDelete ? texts.templateDeleteConfirm(toDelete.name) : ''}
        confirmLabel="Eliminar"
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

function TemplateForm({ branchId, draft, onDone }: { branchId: number; draft: Draft; onDone: () => void }) {
  const [name, setName] = useState(draft.name);
  const [body, setBody] = useState(draft.body);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveTemplate(branchId);
  const bodyId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!name.trim()) missing.name = `El campo ${labels.templateName} es obligatorio`;
    if (!body.trim()) missing.body = `El campo ${labels.templateBody} es obligatorio`;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      await save.mutateAsync({ id: draft.id, name, body });
      notify.success(texts.templateSaved);
      onDone();
    } catch (error) {
      const details = (error as { details?: Array<{ field: string; message: string }> }).details ?? [];
      setErrors(details.length ? Object.fromEntries(details.map((detail) => [detail.field, detail.message])) : { form: errorMessage(error, texts.templateSaveError) });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700" aria-label={draft.id ? 'Editar plantilla' : texts.templateNew}>
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors.form}
        </p>
      ) : null}
      <TextField label={labels.templateName} required maxLength={80} value={name} onChange={(event) => setName(event.target.value)} error={errors.name} />
      <FormField id={bodyId} label={labels.templateBody} required error={errors.body} hint={texts.templatesHelp}>
        <textarea
          {...describedControl(bodyId, errors.body, texts.templatesHelp)}
          aria-required
          rows={4}
          maxLength={2000}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          className={cn(controlClasses, 'min-h-24 py-2')}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Guardando...' : 'Guardar plantilla'}
        </Button>
      </div>
    </form>
  );
}
