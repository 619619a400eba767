import { useId } from 'react';
import { allStatusesLabel, policyStatuses, type PolicyStatus } from '@portal/domain';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';

interface PolicyFiltersProps {
  search: string;
  onSearchChange: (value: string) => void;
  status: PolicyStatus | undefined;
  onStatusChange: (status: PolicyStatus | undefined) => void;
  /** The list and the tracking screen word the statuses differently (spec). */
  statusLabels: Record<PolicyStatus, string>;
}

/** 'Buscar pólizas...' and the status filter ('Todos los estatus' first). */
export function PolicyFilters({ search, onSearchChange, status, onStatusChange, statusLabels }: PolicyFiltersProps) {
  const selectId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <SearchInput value={search} onChange={onSearchChange} placeholder="Buscar pólizas..." className="sm:max-w-md" />
      <div className="flex items-center gap-2 sm:w-64">
        <Label htmlFor={selectId} className="sr-only">
          Estatus
        </Label>
        <div className="flex-1">
          <Select
            id={selectId}
            value={status ?? ''}
            onChange={(event) => onStatusChange((event.target.value || undefined) as PolicyStatus | undefined)}
          >
            <option value="">{allStatusesLabel}</option>
            {policyStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </div>
  );
}
