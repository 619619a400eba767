import { useCallback, useState } from 'react';
import { templateKinds, templateKindLabels, type TemplateKind } from '@portal/domain';
import { useBranches } from '@/features/branches';
import { cn } from '@/lib/cn';
import { usePageTitle } from '@/lib/use-page-title';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { describedControl, FormField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { TemplateEditor } from '../components/template-editor';

const title = 'Plantillas de documentos';

interface Selection {
  kind: TemplateKind;
  branchId: number | null;
}

/** Kind tabs: a tablist, arrows move between them as in any tab strip. */
function KindTabs({ kind, onChoose }: { kind: TemplateKind; onChoose: (kind: TemplateKind) => void }) {
  const move = (step: number) => {
    const index = templateKinds.indexOf(kind);
    const next = templateKinds[(index + step + templateKinds.length) % templateKinds.length]!;
    onChoose(next);
    requestAnimationFrame(() => document.getElementById(`template-tab-${next}`)?.focus());
  };
  return (
    <div role="tablist" aria-label="Tipo de documento" className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
      {templateKinds.map((each) => (
        <button
          key={each}
          id={`template-tab-${each}`}
          type="button"
          role="tab"
          aria-selected={each === kind}
          aria-controls="template-panel"
          tabIndex={each === kind ? 0 : -1}
          onClick={() => onChoose(each)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight') move(1);
            else if (event.key === 'ArrowLeft') move(-1);
          }}
          className={cn(
            '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-500',
            each === kind
              ? 'border-brand-600 text-brand-700 dark:text-brand-300'
              : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
          )}
        >
          {templateKindLabels[each]}
        </button>
      ))}
    </div>
  );
}

function ScopeSelect({ branchId, onChoose }: { branchId: number | null; onChoose: (branchId: number | null) => void }) {
  const branches = useBranches();
  const hint = branches.isError ? 'No se pudo cargar la lista de sucursales; solo puede editar la predeterminada.' : undefined;
  return (
    <FormField id="template-scope" label="Aplica a" hint={hint} className="sm:max-w-sm">
      <Select
        {...describedControl('template-scope', undefined, hint)}
        value={branchId === null ? '' : String(branchId)}
        onChange={(event) => onChoose(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">Predeterminada del producto</option>
        {(branches.data ?? []).map((branch) => (
          <option key={branch.id} value={branch.id}>
            {branch.name}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

/**
 * /admin/templates: the business's legal texts, per document kind, for the product (every branch
 * without its own) or one branch. Changing kind or scope with unsaved text asks first.
 */
export function TemplatesPage() {
  usePageTitle(title);
  const [selection, setSelection] = useState<Selection>({ kind: 'lease', branchId: null });
  const [pending, setPending] = useState<Selection | null>(null);
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  const choose = (next: Selection) => {
    if (next.kind === selection.kind && next.branchId === selection.branchId) return;
    if (dirty) setPending(next);
    else setSelection(next);
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title={title}
        description="Los textos de los contratos, la póliza jurídica, los pagarés, el estado de cuenta de rentas y los documentos de incidencias. Cada cambio se guarda como una nueva versión."
      />
      <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
        Los textos predeterminados son borradores para que el abogado de la oficina los revise antes de usarlos.
      </p>
      <KindTabs kind={selection.kind} onChoose={(kind) => choose({ ...selection, kind })} />
      <div id="template-panel" role="tabpanel" aria-labelledby={`template-tab-${selection.kind}`} className="space-y-4">
        <ScopeSelect branchId={selection.branchId} onChoose={(branchId) => choose({ ...selection, branchId })} />
        <TemplateEditor
          key={`${selection.kind}:${selection.branchId ?? 'default'}`}
          kind={selection.kind}
          branchId={selection.branchId}
          onDirtyChange={onDirtyChange}
        />
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title="¿Descartar los cambios?"
        description="El texto de esta plantilla tiene cambios sin guardar. Si cambia de documento o de sucursal, se perderán."
        cancelLabel="Seguir editando"
        confirmLabel="Descartar cambios"
        tone="danger"
        onConfirm={() => {
          if (pending) setSelection(pending);
          setDirty(false);
          setPending(null);
        }}
      />
    </div>
  );
}
