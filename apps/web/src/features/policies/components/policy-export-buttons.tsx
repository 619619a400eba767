import { policyEndpoints } from '@portal/domain';
import { ExportButtons } from '@/components/export-buttons';
import { policyFiltersQuery } from '../api';
import type { PolicyListFilters } from './policy-list-params';

/** The list's and tracking's export: every policy the screen's filters select, in its order. */
export function PolicyExportButtons({ filters }: { filters: PolicyListFilters }) {
  return (
    <ExportButtons
      endpoint={policyEndpoints.export}
      list="polizas"
      query={policyFiltersQuery(filters)}
      errorTitle="No se pudieron exportar las pólizas"
    />
  );
}
