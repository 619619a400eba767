import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { X } from 'lucide-react';
import { appointmentFieldLabels as labels, joinNamesForDisplay, type AppointmentFormValues, type PolicySummary } from '@portal/domain';
import { cn } from '@/lib/cn';
import { searchDebounceMs, useDebouncedValue } from '@/lib/use-debounced-value';
import { Button } from '@/components/ui/button';
import { describedControl, FormField } from '@/components/ui/form-field';
import { controlClasses } from '@/components/ui/input';
import { useChosenPolicy, usePolicyChoices } from '../api';
import { useFieldError } from './field-error';

const hint = 'Opcional: busque por folio, inquilino, propietario o dirección. Solo pólizas de la sucursal.';

function choiceLabel(policy: Pick<PolicySummary, 'investigationId' | 'policyNumber' | 'tenantNames'>): string {
  const folio = policy.policyNumber ? `${policy.investigationId} · ${policy.policyNumber}` : policy.investigationId;
  const tenants = joinNamesForDisplay(policy.tenantNames);
  return tenants ? `${folio} — ${tenants}` : folio;
}

/** The chosen policy, with a button to drop it. */
function ChosenPolicy({ id, onClear }: { id: number; onClear: () => void }) {
  const policy = useChosenPolicy(id);
  const text = policy.data ? choiceLabel({ ...policy.data, tenantNames: policy.data.tenants.map((tenant) => tenant.name) }) : `Póliza ${id}`;
  return (
    <div className="flex min-h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900">
      <span data-testid="chosen-policy" className="min-w-0 flex-1 break-words">
        {text}
      </span>
      <Button variant="ghost" size="sm" onClick={onClear} aria-label="Quitar la póliza">
        <X aria-hidden="true" />
        Quitar
      </Button>
    </div>
  );
}

/**
 * Escape closes the open list, not the dialog around it: the dialog listens on the document in the
 * capture phase, so the key is claimed earlier, on the window, and marked as handled.
 */
function useEscapeClosesList(open: boolean, inputId: string, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || (event.target as Element | null)?.id !== inputId) return;
      event.preventDefault();
      setOpen(false);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [open, inputId, setOpen]);
}

/**
 * 'Póliza': a searchable select (ARIA combobox) over the branch's policies, through the policy
 * search API. Arrow keys move, Enter chooses, Escape closes; the server checks the branch again.
 */
export function PolicyPicker() {
  const { control } = useFormContext<AppointmentFormValues>();
  const { field } = useController({ control, name: 'policyId' });
  const error = useFieldError('policyId');
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDebouncedValue(text, searchDebounceMs);
  const choices = usePolicyChoices(query, { enabled: open });
  const items = choices.data?.items ?? [];
  const chosen = typeof field.value === 'number' ? field.value : null;
  useEscapeClosesList(open, id, setOpen);

  const choose = (policy: PolicySummary) => {
    field.onChange(policy.id);
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
    }
  };

  return (
    <FormField id={id} label={labels.policy} error={error} hint={hint} className="relative sm:col-span-6">
      {chosen !== null ? (
        <ChosenPolicy id={chosen} onClear={() => field.onChange(null)} />
      ) : (
        <input
          {...describedControl(id, error, hint)}
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && items[active] ? `${listId}-${items[active].id}` : undefined}
          placeholder="Buscar póliza..."
          className={controlClasses}
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
      {open && chosen === null ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Pólizas"
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {items.length === 0 ? (
            <li role="presentation" className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">
              {choices.isFetching ? 'Buscando...' : 'Ninguna póliza coincide con la búsqueda'}
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
                {choiceLabel(policy)}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </FormField>
  );
}
