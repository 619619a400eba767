import { useId, useState, type ReactNode } from 'react';
import { claimStages, claimTypeLabels, claimTypes, defaultClaimStageLabels, type ClaimStage, type ClaimSummary, type ClaimType } from '@portal/domain';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { ClaimListFilter } from '../../api/list';
import { statusChoices } from './use-claim-filters';

/** 'Días abierta': at least this many days (a link may name another number: it is offered too). */
const minDaysChoices = [30, 60, 90, 180];

interface ClaimFiltersProps {
  filter: ClaimListFilter;
  change: (next: ClaimListFilter) => void;
  stageLabels: Record<ClaimStage, string>;
  assignees: { id: number; name: string }[];
}

/** The list's and board's filters (the branch is in the page's header, as on 'Rentas en mora'). */
export function ClaimFilters({ filter, change, stageLabels, assignees }: ClaimFiltersProps) {
  const dueId = useId();
  const set = (patch: Partial<ClaimListFilter>) => change({ ...filter, ...patch });
  const chosenAssignee = typeof filter.assignee === 'number' && !assignees.some((person) => person.id === filter.assignee) ? filter.assignee : null;
  return (
    <div role="group" aria-label="Filtros" className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-[repeat(5,minmax(0,1fr))_auto]">
      <FilterSelect label="Tipo" value={filter.type ?? ''} onChange={(value) => set({ type: (value || undefined) as ClaimType | undefined })}>
        <option value="">Todos</option>
        {claimTypes.map((type) => (
          <option key={type} value={type}>
            {claimTypeLabels[type]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Etapa" value={filter.stage ?? ''} onChange={(value) => set({ stage: (value || undefined) as ClaimStage | undefined })}>
        <option value="">Todas</option>
        {claimStages.map((stage) => (
          <option key={stage} value={stage}>
            {stageLabels[stage]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Estado" value={filter.status ?? ''} onChange={(value) => set({ status: statusChoices.find((choice) => choice.status === value)?.status })}>
        <option value="">Todos</option>
        {statusChoices.map((choice) => (
          <option key={choice.status} value={choice.status}>
            {choice.label}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Responsable" value={filter.assignee === undefined ? '' : String(filter.assignee)} onChange={(value) => set({ assignee: value === '' ? undefined : value === 'none' ? 'none' : Number(value) })}>
        <option value="">Todos</option>
        <option value="none">Sin asignar</option>
        {chosenAssignee ? <option value={chosenAssignee}>{`Usuario ${chosenAssignee}`}</option> : null}
        {assignees.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Días abierta" value={filter.minDaysOpen === undefined ? '' : String(filter.minDaysOpen)} onChange={(value) => set({ minDaysOpen: value === '' ? undefined : Number(value) })}>
        <option value="">Cualquiera</option>
        {[...new Set([...minDaysChoices, ...(filter.minDaysOpen === undefined ? [] : [filter.minDaysOpen])])]
          .sort((a, b) => a - b)
          .map((days) => (
            <option key={days} value={days}>
              {`${days} días o más`}
            </option>
          ))}
      </FilterSelect>
      <div className="col-span-2 flex items-end lg:col-span-1">
        <div className="flex h-10 w-full items-center gap-2 rounded-lg border border-slate-200 px-3 dark:border-slate-800">
          <input id={dueId} type="checkbox" checked={filter.due === 'week'} onChange={(event) => set({ due: event.target.checked ? 'week' : undefined })} className="size-4 cursor-pointer accent-brand-600" />
          <Label htmlFor={dueId} className="cursor-pointer whitespace-nowrap">
            Términos esta semana
          </Label>
        </div>
      </div>
    </div>
  );
}

function FilterSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </Select>
    </div>
  );
}

/**
 * What the answers so far have told, kept while the filters change (React's "information from
 * previous renders": state updated while rendering when the answer is another one).
 */
function useRemembered<T>(items: ClaimSummary[] | undefined, learn: (known: Map<string, T>, claim: ClaimSummary) => void): Map<string, T> {
  const [known, setKnown] = useState(() => new Map<string, T>());
  const [readFrom, setReadFrom] = useState<ClaimSummary[] | undefined>(undefined);
  if (items !== readFrom) {
    const next = new Map(known);
    for (const claim of items ?? []) learn(next, claim);
    setReadFrom(items);
    setKnown(next);
    return next;
  }
  return known;
}

/** The people to offer under 'Responsable': those seen assigned so far (no user list is open to every role). */
export function useSeenAssignees(items: ClaimSummary[] | undefined): { id: number; name: string }[] {
  const seen = useRemembered<string>(items, (known, claim) => {
    if (claim.assignee) known.set(String(claim.assignee.id), claim.assignee.name);
  });
  return [...seen].map(([id, name]) => ({ id: Number(id), name })).sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

/** The stages' names as the server gives them (an admin may have renamed them), else the defaults. */
export function useStageNames(items: ClaimSummary[] | undefined): Record<ClaimStage, string> {
  const seen = useRemembered<string>(items, (known, claim) => known.set(claim.stage, claim.stageLabel));
  return { ...defaultClaimStageLabels, ...Object.fromEntries(seen) };
}
