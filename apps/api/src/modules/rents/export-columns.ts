import { agingBucketLabels, businessDate, rentContactKindLabels, type ArrearsRow } from '@portal/domain';
import type { ExportColumn } from '../../lib/table-export';

/** The aging report's columns as the screen names them, then the ids. */
export const arrearsExportColumns: ReadonlyArray<ExportColumn<ArrearsRow>> = [
  { header: 'Póliza', value: (row) => row.folio, width: 22 },
  { header: 'Inquilino', value: (row) => row.tenantNames, width: 30 },
  { header: 'Sucursal', value: (row) => row.branchName, width: 20 },
  { header: 'Agente', value: (row) => row.agentName, width: 24 },
  { header: 'Meses en mora', value: (row) => row.months, width: 10 },
  { header: 'Adeudo', value: (row) => row.amount, width: 14 },
  { header: 'Intereses moratorios', value: (row) => row.interest, width: 14 },
  { header: 'Mes más antiguo', value: (row) => ({ day: row.oldestDueOn }), width: 14 },
  { header: 'Días de atraso', value: (row) => row.daysLate, width: 10 },
  { header: 'Antigüedad', value: (row) => agingBucketLabels[row.bucket], width: 14 },
  // The day in Mexico City and what it was: '2027-03-12 · El propietario respondió'.
  { header: 'Último contacto', value: (row) => (row.lastContact ? `${businessDate(new Date(row.lastContact.at))} · ${rentContactKindLabels[row.lastContact.kind]}` : null), width: 40 },
  { header: 'ID Póliza', value: (row) => row.policyId, width: 10 },
];
