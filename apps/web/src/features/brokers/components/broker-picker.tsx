import { useId, useState } from 'react';
import { Plus } from 'lucide-react';
import { adminRoles, brokerKindLabels, feeManagerRoles, feeRecorderRoles, hasRole } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { SelectField } from '@/components/ui/select-field';
import { useSession } from '@/features/auth';
import { useBrokers } from '../api';
import { BrokerDialog } from './broker-dialog';

interface BrokerPickerProps {
  label: string;
  /** The chosen broker's id; null: none. */
  value: number | null;
  onChange: (brokerId: number | null) => void;
  /** Its name as the policy has it, shown while the list has not got it (another search, a deactivated broker). */
  currentName: string | null;
  /** The policy's branch (admins); others see their own branch's. */
  branchId: number | undefined;
  error?: string;
}

/**
 * The policy form's 'Asesor o inmobiliaria' (issue 34): the branch's active brokers, searched by
 * name, and 'Agregar asesor' for managers (the new one is chosen at once).
 */
export function BrokerPicker({ label, value, onChange, currentName, branchId, error }: BrokerPickerProps) {
  const { user } = useSession();
  const id = useId();
  const [search, setSearch] = useState('');
  const [chosenName, setChosenName] = useState<string | null>(null);
  const canRead = hasRole(user?.role, feeRecorderRoles);
  const scope = branchId ?? (hasRole(user?.role, adminRoles) ? (user?.branchId ?? undefined) : undefined);
  const brokers = useBrokers({ status: 'active', ...(scope ? { branchId: scope } : {}), ...(search.trim() ? { q: search.trim() } : {}) }, canRead);
  const listed = brokers.data ?? [];
  const shownName = chosenName ?? currentName;
  const choose = (brokerId: number | null, name: string | null) => {
    setChosenName(name);
    onChange(brokerId);
  };
  return (
    <div className="space-y-2 sm:col-span-2">
      {canRead ? <SearchInput value={search} onChange={setSearch} placeholder="Buscar asesor o inmobiliaria" className="sm:max-w-full" /> : null}
      <SelectField
        id={id}
        label={label}
        required
        error={error}
        hint={brokers.isError ? 'No se pudo cargar la lista de asesores.' : undefined}
        value={value === null ? '' : String(value)}
        onChange={(event) => {
          const picked = listed.find((broker) => String(broker.id) === event.target.value);
          choose(picked ? picked.id : null, picked?.name ?? null);
        }}
      >
        <option value="">{brokers.isFetching && !brokers.data ? 'Cargando asesores...' : 'Sin asesor del directorio'}</option>
        {value !== null && !listed.some((broker) => broker.id === value) ? <option value={String(value)}>{shownName ?? `Asesor ${value}`}</option> : null}
        {listed.map((broker) => (
          <option key={broker.id} value={String(broker.id)}>
            {`${broker.name} · ${brokerKindLabels[broker.kind]}`}
          </option>
        ))}
      </SelectField>
      {hasRole(user?.role, feeManagerRoles) ? (
        <BrokerDialog
          onSaved={(broker) => choose(broker.id, broker.name)}
          trigger={(open) => (
            <Button type="button" variant="secondary" size="sm" onClick={open}>
              <Plus aria-hidden="true" />
              Agregar asesor
            </Button>
          )}
        />
      ) : null}
    </div>
  );
}
