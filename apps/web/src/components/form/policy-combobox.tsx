import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { joinNamesForDisplay, type PolicySummary } from '@portal/domain';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { describedControl, FormField } from '@/components/ui/form-field';
import { controlClasses } from '@/components/ui/input';

export type PolicyChoice = Pick<PolicySummary, 'id' | 'investigationId' | 'policyNumber' | 'tenantNames'>;

/** 'INV-… · POL-… — Tenant, Tenant': how a policy reads in a picker. */
export function policyChoiceLabel(policy: Omit<PolicyChoice, 'id'>): string {
  const folio = policy.policyNumber ? `${policy.investigationId} · ${policy.policyNumber}` : policy.investigationId;
  const tenants = joinNamesForDisplay(policy.tenantNames);
  return tenants ? `${folio} — ${tenants}` : folio;
}

/** What the feature's search answered for the text typed: its own query, its own scope. */
export interface PolicyChoices {
  items: PolicySummary[];
  isFetching: boolean;
  isError?: boolean;
}

interface PolicyComboboxProps {
  id: string;
  label: string;
  hint: string;
  error?: string | undefined;
  className?: string;
  /** The chosen policy's text, or null while none is chosen (the search box shows). */
  chosenLabel: ReactNode | null;
  chosenTestId: string;
  onClear(): void;
  onChoose(policy: PolicySummary): void;
  /** The search for `text`; asked for only while the list is open. */
  useChoices(text: string, open: boolean): PolicyChoices;
}

/**
 * A searchable select over policies (ARIA combobox): arrows move, Enter chooses, Escape closes the
 * list (and only the list, inside a dialog); a choice shows as text with 'Quitar'.
 */
export function PolicyCombobox({ id, label, hint, error, className, chosenLabel, chosenTestId, onClear, onChoose, useChoices }: PolicyComboboxProps) {
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const choices = useChoices(text, open);
  const items = choices.items;
  useEscapeClosesList(open, id, setOpen);

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
    }
  };

  return (
    <FormField id={id} label={label} error={error} hint={hint} className={cn('relative', className)}>
      {chosenLabel !== null ? (
        <div className="flex min-h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900">
          <span data-testid={chosenTestId} className="min-w-0 flex-1 break-words">
            {chosenLabel}
          </span>
          <Button variant="ghost" size="sm" onClick={onClear} aria-label="Quitar la póliza">
            <X aria-hidden="true" />
            Quitar
          </Button>
        </div>
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
      {open && chosenLabel === null ? (
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
                {policyChoiceLabel(policy)}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </FormField>
  );
}

/**
 * Escape closes the open list, not a dialog around it: the dialog listens on the document in the
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
