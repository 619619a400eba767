import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useBranches } from '../api';

/** One branch's id, or 'all' for every branch. */
export type BranchScope = number | 'all';

/**
 * An admin's branch picker — 'Todas las sucursales' or one branch — for the screens that count
 * across branches (the dashboard, the aging report). `value` null: nothing chosen yet.
 */
export function BranchScopeSelect({ value, onChange }: { value: BranchScope | null; onChange: (value: BranchScope) => void }) {
  const id = useId();
  const branches = useBranches();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-sm whitespace-nowrap">
        Sucursal
      </Label>
      <Select id={id} value={value === null ? '' : String(value)} onChange={(event) => onChange(event.target.value === 'all' ? 'all' : Number(event.target.value))} className="w-56">
        <option value="all">Todas las sucursales</option>
        {/* Until the branches arrive, the chosen one still shows as chosen. */}
        {typeof value === 'number' && !branches.data?.some((branch) => branch.id === value) ? (
          <option value={value}>{branches.isPending ? 'Cargando sucursales...' : `Sucursal ${value}`}</option>
        ) : null}
        {branches.data?.map((branch) => (
          <option key={branch.id} value={branch.id}>
            {branch.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
