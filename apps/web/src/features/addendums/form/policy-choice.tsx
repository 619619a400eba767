import { useState, type KeyboardEvent } from 'react';
import { Controller, useFormContext, useFormState } from 'react-hook-form';
import { RotateCw } from 'lucide-react';
import {
  addendumFieldLabels,
  addendumMessages,
  joinNamesForDisplay,
  type Addendum,
  type AddendumFormValues,
  type PolicySummary,
} from '@portal/domain';
import { errorMessage } from '@/lib/api-error';
import { useErrorToast } from '@/lib/use-error-toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { RetryableQuery } from '@/components/ui/query-state';
import { SelectField } from '@/components/ui/select-field';
import { SearchInput } from '@/components/ui/search-input';
import { searchDebounceMs, useDebouncedValue } from '@/lib/use-debounced-value';
import { useActivePolicies } from '../api';

const policyFilterPlaceholder = 'Buscar póliza...';

/** 'POL-2026-00042 — Mariana Ávila Cortés' (the investigation folio when it has no number yet). */
function policyOptionLabel(policy: PolicySummary): string {
  const names = joinNamesForDisplay(policy.tenantNames);
  const folio = policy.policyNumber || policy.investigationId;
  return names ? `${folio} — ${names}` : folio;
}

/** The select's first line: what to do, or why there is nothing to choose. */
function choicePlaceholder({ loading, nothingFound, filtered }: { loading: boolean; nothingFound: boolean; filtered: boolean }) {
  if (loading) return 'Cargando pólizas...';
  if (!nothingFound) return 'Seleccione una póliza';
  return filtered ? 'Ninguna póliza activa coincide con la búsqueda' : 'No hay pólizas activas en su sucursal';
}

/** Enter in the filter would submit the form; here it only means "search". */
function keepEnterInFilter(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key === 'Enter') event.preventDefault();
}

/**
 * The policy of a new addendum, from the branch's active policies: a filter (searched on the
 * server, like the lists) and a select of what it found. The policy chosen stays an option while
 * another filter leaves it out, so the select never loses its value.
 */
export function PolicyChoice() {
  const { control } = useFormContext<AddendumFormValues>();
  const [filter, setFilter] = useState('');
  const q = useDebouncedValue(filter, searchDebounceMs);
  const policies = useActivePolicies(q, { enabled: true });
  const [chosen, setChosen] = useState<PolicySummary | null>(null);
  useErrorToast(policies.error, policies.errorUpdatedAt, addendumMessages.activePoliciesError);

  const found = policies.data?.items ?? [];
  const options = chosen && !found.some((policy) => policy.id === chosen.id) ? [chosen, ...found] : found;
  const placeholder = choicePlaceholder({
    loading: policies.isPending,
    nothingFound: policies.isSuccess && found.length === 0,
    filtered: q.trim() !== '',
  });

  return (
    <div className="space-y-2 sm:col-span-2" onKeyDown={keepEnterInFilter}>
      <SearchInput value={filter} onChange={setFilter} placeholder={policyFilterPlaceholder} className="sm:max-w-md" />
      <Controller
        name="policyId"
        control={control}
        render={({ field, fieldState }) => (
          <SelectField
            label={addendumFieldLabels.policyId}
            required
            error={fieldState.error?.message}
            hint="Solo pólizas activas de su sucursal"
            name={field.name}
            ref={field.ref}
            value={String(field.value ?? '')}
            onBlur={field.onBlur}
            disabled={policies.isPending}
            onChange={(event) => {
              field.onChange(event.target.value);
              setChosen(options.find((policy) => String(policy.id) === event.target.value) ?? null);
            }}
          >
            <option value="">{placeholder}</option>
            {options.map((policy) => (
              <option key={policy.id} value={String(policy.id)}>
                {policyOptionLabel(policy)}
              </option>
            ))}
          </SelectField>
        )}
      />
      {policies.isError ? <LoadFailure query={policies} /> : null}
    </div>
  );
}

/** Inside the form, an alert rather than the page's failure panel. */
function LoadFailure({ query }: { query: RetryableQuery }) {
  return (
    <Alert>
      <p className="font-medium">{addendumMessages.activePoliciesError}</p>
      <p className="mt-1">{errorMessage(query.error)}</p>
      <Button variant="secondary" size="sm" className="mt-2" disabled={query.isFetching} onClick={() => void query.refetch()}>
        <RotateCw aria-hidden="true" />
        Reintentar
      </Button>
    </Alert>
  );
}

/** On edit the policy cannot change (spec): its number and client, in a disabled select. */
export function LockedPolicy({ addendum }: { addendum: Addendum }) {
  const { errors } = useFormState<AddendumFormValues>({ name: 'policyId', exact: true });
  const folio = addendum.policyNumber || String(addendum.policyId);
  return (
    <SelectField
      label={addendumFieldLabels.policyId}
      disabled
      error={errors.policyId?.message}
      hint={addendumMessages.policyLocked}
      fieldClassName="sm:col-span-2"
    >
      <option value={String(addendum.policyId)}>{addendum.clientName ? `${folio} — ${addendum.clientName}` : folio}</option>
    </SelectField>
  );
}
