import { useQuery } from '@tanstack/react-query';
import { leadMessages, leadSources, type Lead, type LeadOwner } from '@portal/domain';
import { branchesQueryOptions } from '@/features/branches';
import { cn } from '@/lib/cn';
import { Select } from '@/components/ui/select';

/** The board's filters, besides the search: 'Mis leads', a source, an owner. */
export interface LeadFilters {
  mine: boolean;
  source: string;
  /** A user id, 'none' (no owner) or '' (anyone). */
  owner: string;
}

export const noLeadFilters: LeadFilters = { mine: false, source: '', owner: '' };

export function hasLeadFilters(filters: LeadFilters): boolean {
  return filters.mine || filters.source !== '' || filters.owner !== '';
}

/** Whether a lead passes the filters; `me` is the signed-in user's id. */
export function leadPassesFilters(lead: Pick<Lead, 'ownerId' | 'source'>, filters: LeadFilters, me: number | undefined): boolean {
  if (filters.mine && (me === undefined || lead.ownerId !== me)) return false;
  if (filters.source && lead.source !== filters.source) return false;
  if (filters.owner === 'none') return lead.ownerId === null;
  if (filters.owner) return lead.ownerId === Number(filters.owner);
  return true;
}

const labelClasses = 'flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400';

interface BoardFiltersProps {
  filters: LeadFilters;
  onChange: (filters: LeadFilters) => void;
  owners: readonly LeadOwner[] | undefined;
}

/** 'Mis leads' (a toggle), 'Fuente' and 'Responsable'. */
export function BoardFilters({ filters, onChange, owners }: BoardFiltersProps) {
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filtros de leads">
      <button
        type="button"
        aria-pressed={filters.mine}
        onClick={() => onChange({ ...filters, mine: !filters.mine })}
        className={cn(
          'h-10 rounded-lg border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          filters.mine
            ? 'border-brand-600 bg-brand-600 text-white'
            : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200',
        )}
      >
        {leadMessages.myLeads}
      </button>
      <label className={labelClasses}>
        Fuente
        <Select value={filters.source} onChange={(event) => onChange({ ...filters, source: event.target.value })} className="min-w-44">
          <option value="">{leadMessages.allSources}</option>
          {leadSources.map((source) => (
            <option key={source} value={source}>
              {source}
            </option>
          ))}
        </Select>
      </label>
      <label className={labelClasses}>
        {leadMessages.ownerLabel}
        <Select value={filters.owner} onChange={(event) => onChange({ ...filters, owner: event.target.value })} className="min-w-48">
          <option value="">{leadMessages.allOwners}</option>
          <option value="none">{leadMessages.noOwner}</option>
          {(owners ?? []).map((owner) => (
            <option key={owner.id} value={String(owner.id)}>
              {owner.name}
            </option>
          ))}
        </Select>
      </label>
    </div>
  );
}

/** Admins choose whose board they work on (issue 20); the list loads only for them. */
export function BranchChooser({ value, onChange }: { value: number | undefined; onChange: (branchId: number) => void }) {
  const branches = useQuery(branchesQueryOptions());
  if (!branches.data) {
    return <p className="text-sm text-slate-500 dark:text-slate-400">{branches.isError ? 'No se pudo cargar la lista de sucursales.' : 'Cargando sucursales...'}</p>;
  }
  return (
    <label className={labelClasses}>
      {leadMessages.branchLabel}
      <Select value={value === undefined ? '' : String(value)} onChange={(event) => onChange(Number(event.target.value))} className="min-w-52">
        {value === undefined ? <option value="">Mi sucursal</option> : null}
        {branches.data.map((branch) => (
          <option key={branch.id} value={String(branch.id)}>
            {branch.status === 'active' ? branch.name : `${branch.name} (inactiva)`}
          </option>
        ))}
      </Select>
    </label>
  );
}
