import { businessDate, claimResultLabels, claimResults, claimStatusLabels, claimTypeLabels, type ClaimMonthlySummary, type ClaimSummary } from '@portal/domain';
import type { ExportColumn } from '../../lib/table-export';

/* The cases' exports (issue 33): the list's columns as the screen names them, then the ids. */

const day = (instant: string | null) => (instant ? { day: businessDate(new Date(instant)) } : null);

export const claimExportColumns: ReadonlyArray<ExportColumn<ClaimSummary>> = [
  { header: 'Incidencia', value: (row) => row.number, width: 12 },
  { header: 'Póliza', value: (row) => row.policyFolio, width: 22 },
  { header: 'Sucursal', value: (row) => row.branchName, width: 20 },
  { header: 'Tipo', value: (row) => claimTypeLabels[row.type], width: 22 },
  { header: 'Etapa', value: (row) => row.stageLabel, width: 20 },
  { header: 'Estado', value: (row) => claimStatusLabels[row.status], width: 12 },
  { header: 'Resultado', value: (row) => (row.result ? claimResultLabels[row.result] : null), width: 18 },
  { header: 'Inquilino', value: (row) => row.tenantNames, width: 30 },
  { header: 'Propietario', value: (row) => row.ownerName, width: 26 },
  { header: 'Inmueble', value: (row) => row.propertyAddress, width: 36 },
  { header: 'Monto reclamado', value: (row) => row.amountClaimed, width: 14 },
  { header: 'Responsable', value: (row) => row.assignee?.name ?? null, width: 24 },
  { header: 'Abierta', value: (row) => day(row.openedAt), width: 12 },
  { header: 'Cerrada', value: (row) => day(row.closedAt), width: 12 },
  { header: 'Días abierta', value: (row) => row.daysOpen, width: 10 },
  { header: 'Próximo término', value: (row) => (row.nextDeadline ? { day: row.nextDeadline.dueOn } : null), width: 14 },
  { header: 'Término', value: (row) => row.nextDeadline?.description ?? null, width: 30 },
  { header: 'Término vencido', value: (row) => (row.nextDeadline ? (row.nextDeadline.missed ? 'Sí' : 'No') : null), width: 10 },
  { header: 'ID Incidencia', value: (row) => row.id, width: 10 },
  { header: 'ID Póliza', value: (row) => row.policyId, width: 10 },
];

type SummaryRow = ClaimMonthlySummary['rows'][number] & { month: string };

/** The monthly summary: a row per branch, a column per result. */
export const claimSummaryExportColumns: ReadonlyArray<ExportColumn<SummaryRow>> = [
  { header: 'Mes', value: (row) => row.month, width: 10 },
  { header: 'Sucursal', value: (row) => row.branchName, width: 22 },
  { header: 'Abiertas', value: (row) => row.opened, width: 10 },
  { header: 'Cerradas', value: (row) => row.closed, width: 10 },
  ...claimResults.map((result): ExportColumn<SummaryRow> => ({ header: `Cerradas: ${claimResultLabels[result]}`, value: (row) => row.closedByResult[result], width: 14 })),
  { header: 'Monto recuperado', value: (row) => row.amountRecovered, width: 14 },
  { header: 'Promedio de días para cerrar', value: (row) => row.averageDaysToClose, width: 14 },
];
