import { useEffect, useId, useRef, useState } from 'react';
import { Save } from 'lucide-react';
import { templateKindLabels, type TemplateKind, type ContractTemplate, type ContractTemplateState } from '@portal/domain';
import { isSessionExpired, isStaleVersion } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { StaleVersionAlert } from '@/components/form/stale-version';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { useContractTemplate, useSaveContractTemplate } from '../api';
import { PlaceholderList } from './placeholder-list';
import { templateErrorMessage } from './template-error';
import { TemplatePreview } from './template-preview';
import { TemplateVersions } from './template-versions';

const saveErrorTitle = 'No se pudo guardar la plantilla';

/** The text with `{{key}}` put in place of the selection, and where the cursor goes after it. */
export function insertAt(text: string, start: number, end: number, key: string) {
  const inserted = `{{${key}}}`;
  return { text: text.slice(0, start) + inserted + text.slice(end), cursor: start + inserted.length };
}

function Provenance({ state, branchId }: { state: ContractTemplateState; branchId: number | null }) {
  const { current } = state;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Versión {current.version} · guardada el {formatDateTime(current.createdAt)} por {current.createdByName}
      </p>
      {branchId !== null && !state.isOverride ? (
        <p role="note" className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800 dark:border-brand-900 dark:bg-brand-950 dark:text-brand-200">
          Esta sucursal usa la plantilla predeterminada del producto. Al guardar, la sucursal tendrá su propia versión.
        </p>
      ) : null}
    </div>
  );
}

interface EditorFormProps {
  kind: TemplateKind;
  branchId: number | null;
  state: ContractTemplateState;
  onDirtyChange: (dirty: boolean) => void;
  /** Reads the template again: 'Recargar' after a 412 opens the newer version (the editor's key). */
  onReload: () => Promise<unknown>;
}

/** The loaded text in a monospace editor, the fields beside it, the preview and the versions. */
function EditorForm({ kind, branchId, state, onDirtyChange, onReload }: EditorFormProps) {
  const editorId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(state.current.body);
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    await onReload().finally(() => setReloading(false));
  };
  const save = useSaveContractTemplate(kind);
  const dirty = text !== state.current.body;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const insert = (key: string) => {
    const element = textarea.current;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    const next = insertAt(text, start, end, key);
    setText(next.text);
    // After React writes the new text, put the cursor right after the inserted field.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.cursor, next.cursor);
    });
  };
  const loadVersion = (template: ContractTemplate) => {
    setText(template.body);
    setFailure(null);
    notify.message(`Versión ${template.version} cargada en el editor`, 'Guárdela para que sea la vigente.');
  };
  const submit = async () => {
    setFailure(null);
    try {
      // The scope's own latest version when the editor opened (0: a branch without its own text).
      const saved = await save.mutateAsync({ body: { branchId, body: text }, ifMatch: state.versions[0]?.version ?? 0 });
      notify.success(`Plantilla guardada (versión ${saved.version})`);
    } catch (error) {
      if (isSessionExpired(error)) return;
      // Another admin saved first: the text typed here stays, 'Recargar' shows theirs.
      if (isStaleVersion(error)) return setStale(error.message);
      setFailure(templateErrorMessage(error));
    }
  };

  return (
    // On a phone the fields come right below the editor; on a wide screen they stand beside it.
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <UnsavedChangesGuard dirty={dirty && !save.isPending} />
      <Card className="min-w-0 space-y-3 p-4 lg:col-start-1 lg:row-start-1">
          <Provenance state={state} branchId={branchId} />
          <label htmlFor={editorId} className="block text-sm font-medium text-slate-900 dark:text-white">
            Texto de la plantilla: {templateKindLabels[kind]}
          </label>
          <textarea
            id={editorId}
            ref={textarea}
            value={text}
            onChange={(event) => setText(event.target.value)}
            spellCheck={false}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? `${editorId}-error` : undefined}
            className="block h-[28rem] w-full resize-y rounded-lg border border-slate-300 bg-white p-3 font-mono text-sm leading-relaxed text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          />
          <StaleVersionAlert state={{ message: stale, reloading, reload }} />
          {failure ? (
            <div id={`${editorId}-error`}>
              <Alert>
                <p className="font-medium">{saveErrorTitle}</p>
                <p>{failure}</p>
              </Alert>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center justify-end gap-2">
            {dirty ? <span className="text-sm text-amber-700 dark:text-amber-400">Cambios sin guardar</span> : null}
            <Button variant="secondary" onClick={() => setText(state.current.body)} disabled={!dirty || save.isPending}>
              Descartar cambios
            </Button>
            <Button onClick={() => void submit()} disabled={!dirty || save.isPending || text.trim() === ''}>
              <Save aria-hidden="true" />
              {save.isPending ? 'Guardando...' : 'Guardar nueva versión'}
            </Button>
          </div>
      </Card>
      <aside className="min-w-0 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <PlaceholderList kind={kind} onInsert={insert} />
      </aside>
      <div className="min-w-0 space-y-4 lg:col-start-1 lg:row-start-2">
        <TemplatePreview kind={kind} branchId={branchId} body={text} />
        <TemplateVersions versions={state.versions} currentId={state.current.id} onLoad={loadVersion} />
      </div>
    </div>
  );
}

/** One kind and scope's template: loading and error states, then the editor. */
export function TemplateEditor({
  kind,
  branchId,
  onDirtyChange,
}: {
  kind: TemplateKind;
  branchId: number | null;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const template = useContractTemplate(kind, branchId);
  return (
    <QueryState query={template} loading="Cargando plantilla..." errorTitle="Error al cargar la plantilla">
      {/* A new current version (after saving) starts the editor afresh from the saved text. */}
      {(state) => (
        <EditorForm
          key={state.current.id}
          kind={kind}
          branchId={branchId}
          state={state}
          onDirtyChange={onDirtyChange}
          onReload={() => template.refetch()}
        />
      )}
    </QueryState>
  );
}
