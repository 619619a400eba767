import { useId, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { joinNamesForDisplay, type PolicySummary } from '@portal/domain';
import { cn } from '@/lib/cn';
import { searchDebounceMs, useDebouncedValue } from '@/lib/use-debounced-value';
import { Button } from '@/components/ui/button';
import { describedControl, FormField } from '@/components/ui/form-field';
import { controlClasses } from '@/components/ui/input';
import { usePreviewPolicyChoices } from '../api';

export type PreviewPolicy = Pick<PolicySummary, 'id' | 'investigationId' | 'policyNumber' | 'tenantNames'>;

const hint = 'Busque por folio, inquilino, propietario o dirección.';

function previewPolicyLabel(policy: PreviewPolicy): string {
  const folio = policy.policyNumber ? `${policy.investigationId} · ${policy.policyNumber}` : policy.investigationId;
  const tenants = joinNamesForDisplay(policy.tenantNames);
  return tenants ? `${folio} — ${tenants}` : folio;
}

/**
 * The policy a preview fills the text with: a search over the policies (the chosen branch's when
 * the scope is a branch), as an ARIA combobox — arrows move, Enter chooses, Escape closes.
 */
export function PreviewPolicyPicker({
  branchId,
  chosen,
  onChoose,
}: {
  branchId: number | null;
  chosen: PreviewPolicy | null;
  onChoose: (policy: PreviewPolicy | null) => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDebouncedValue(text, searchDebounceMs);
  const choices = usePreviewPolicyChoices(query, branchId, open);
  const items = choices.data?.items ?? [];

  const choose = (policy: PolicySummary) => {
    onChoose(policy);
    setOpen(false);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (items.length === 0 ? 0 : (current + step + items.length) % items.length));
    } else if (event.key === 'Enter' && open && items[active]) {
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <FormField id={id} label="Póliza para la vista previa" hint={hint} className="relative">
      {chosen ? (
        <div className="flex min-h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900">
          <span data-testid="preview-policy" className="min-w-0 flex-1 break-words">
            {previewPolicyLabel(chosen)}
          </span>
          <Button variant="ghost" size="sm" onClick={() => onChoose(null)} aria-label="Quitar la póliza">
            <X aria-hidden="true" />
            Quitar
          </Button>
        </div>
      ) : (
        <input
          {...describedControl(id, undefined, hint)}
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && items[active] ? `${listId}-${items[active].id}` : undefined}
          placeholder="Buscar póliza..."
          className={cn(controlClasses, 'h-10')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      )}
      {open && !chosen ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Pólizas"
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {items.length === 0 ? (
            <li role="presentation" className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">
              {choices.isFetching ? 'Buscando...' : choices.isError ? 'No se pudo buscar. Intente de nuevo.' : 'Ninguna póliza coincide con la búsqueda'}
            </li>
          ) : (
            items.map((policy, index) => (
              <li
                key={policy.id}
                id={`${listId}-${policy.id}`}
                role="option"
                aria-selected={index === active}
                // Chosen on mouse down, before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(policy);
                }}
                className={cn('cursor-pointer px-3 py-2 text-sm break-words', index === active && 'bg-brand-50 dark:bg-brand-950')}
              >
                {previewPolicyLabel(policy)}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </FormField>
  );
}
