import { useId, type ReactNode } from 'react';
import { X } from 'lucide-react';
import {
  adminRoles,
  allStatusesLabel,
  defaultPolicySort,
  hasRole,
  policySortLabels,
  policySorts,
  policyStatuses,
  policyTypeLabels,
  policyTypes,
  type PolicySort,
  type PolicyStatus,
  type PolicyType,
} from '@portal/domain';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { useBranches } from '@/features/branches';
import { useSession } from '@/features/auth';
import { usePolicyAgents } from '../api';
import { hasListFilters } from './policy-list-params';
import type { PolicyListState } from './use-policy-list';

interface PolicyFiltersProps {
  list: Pick<PolicyListState, 'search' | 'setSearch' | 'filters' | 'setFilters' | 'clearFilters'>;
  /** The list and the tracking screen word the statuses differently (spec). */
  statusLabels: Record<PolicyStatus, string>;
}

/** A labelled control of the filter bar (the label small, above it). */
function Filter({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1">
      <Label htmlFor={id} className="text-xs text-slate-500 dark:text-slate-400">
        {label}
      </Label>
      {children(id)}
    </div>
  );
}

/** '' from a select or date input means "no filter". */
const orUndefined = <T extends string>(value: string) => (value || undefined) as T | undefined;

/**
 * 'Buscar pólizas...', the status filter ('Todos los estatus' first), the order, and the
 * narrower filters: policy type, agent, creation dates and (admins) the branch. Every change
 * goes to the URL (use-policy-list), so back/forward and shared links keep them.
 */
export function PolicyFilters({ list, statusLabels }: PolicyFiltersProps) {
  const { filters, setFilters } = list;
  const isAdmin = hasRole(useSession().user?.role, adminRoles);
  return (
    <div role="search" aria-label="Filtros de pólizas" className="grid grid-cols-2 items-end gap-3 lg:grid-cols-4">
      {/* Two filters a row from phones up (eight controls one under another are a long scroll). */}
      <div className="col-span-2">
        <SearchInput value={list.search} onChange={list.setSearch} placeholder="Buscar pólizas..." className="sm:max-w-none" />
      </div>
      <Filter label="Estatus">
        {(id) => (
          <Select id={id} value={filters.status ?? ''} onChange={(event) => setFilters({ status: orUndefined<PolicyStatus>(event.target.value) })}>
            <option value="">{allStatusesLabel}</option>
            {policyStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
          </Select>
        )}
      </Filter>
      <Filter label="Ordenar por">
        {(id) => (
          <Select
            id={id}
            value={filters.sort ?? defaultPolicySort}
            onChange={(event) => setFilters({ sort: event.target.value as PolicySort })}
          >
            {policySorts.map((value) => (
              <option key={value} value={value}>
                {policySortLabels[value]}
              </option>
            ))}
          </Select>
        )}
      </Filter>
      <Filter label="Tipo de póliza">
        {(id) => (
          <Select id={id} value={filters.type ?? ''} onChange={(event) => setFilters({ type: orUndefined<PolicyType>(event.target.value) })}>
            <option value="">Todos los tipos</option>
            {policyTypes.map((value) => (
              <option key={value} value={value}>
                {policyTypeLabels[value]}
              </option>
            ))}
          </Select>
        )}
      </Filter>
      <AgentFilter branchId={filters.branch} agent={filters.agent} onChange={(agent) => setFilters({ agent })} />
      <DateRange from={filters.from} to={filters.to} onChange={(range) => setFilters(range)} />
      {isAdmin ? <BranchFilter branch={filters.branch} onChange={(branch) => setFilters({ branch, agent: undefined })} /> : null}
      <ArrearsFilter checked={filters.arrears === true} onChange={(arrears) => setFilters({ arrears: arrears || undefined })} />
      {hasListFilters(filters) ? (
        <div>
          <Button variant="ghost" onClick={list.clearFilters}>
            <X aria-hidden="true" />
            Limpiar filtros
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The users of the branch (admins: of the chosen branch, or all), by name. */
function AgentFilter({ branchId, agent, onChange }: { branchId: number | undefined; agent: number | undefined; onChange: (agent: number | undefined) => void }) {
  const agents = usePolicyAgents(branchId);
  return (
    <Filter label="Agente">
      {(id) => (
        <Select
          id={id}
          value={agent ?? ''}
          aria-busy={agents.isPending || undefined}
          onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
        >
          <option value="">{agents.isError ? 'No se pudieron cargar los agentes' : 'Todos los agentes'}</option>
          {/* A shared link may name an agent this list does not have: keep it selectable. */}
          {agent !== undefined && agents.data && !agents.data.some((user) => user.id === agent) ? <option value={agent}>Agente {agent}</option> : null}
          {agents.data?.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </Select>
      )}
    </Filter>
  );
}

/** Creation dates, both included ('Creada desde', 'Creada hasta'). */
function DateRange({ from, to, onChange }: { from?: string | undefined; to?: string | undefined; onChange: (range: { from?: string | undefined; to?: string | undefined }) => void }) {
  return (
    <>
      <Filter label="Creada desde">
        {(id) => <Input id={id} type="date" value={from ?? ''} max={to} onChange={(event) => onChange({ from: event.target.value || undefined })} />}
      </Filter>
      <Filter label="Creada hasta">
        {(id) => <Input id={id} type="date" value={to ?? ''} min={from} onChange={(event) => onChange({ to: event.target.value || undefined })} />}
      </Filter>
    </>
  );
}

/** Admins see every branch's policies; this narrows the list to one. */
function BranchFilter({ branch, onChange }: { branch: number | undefined; onChange: (branch: number | undefined) => void }) {
  const branches = useBranches();
  return (
    <Filter label="Sucursal">
      {(id) => (
        <Select id={id} value={branch ?? ''} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}>
          <option value="">Todas las sucursales</option>
          {branches.data?.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </Select>
      )}
    </Filter>
  );
}

/** 'Con atraso' (issue 32): only the policies with a month En mora. */
function ArrearsFilter({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex h-10 cursor-pointer items-center gap-2 text-sm font-medium">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="size-4 accent-brand-600" />
      Con atraso
    </label>
  );
}
