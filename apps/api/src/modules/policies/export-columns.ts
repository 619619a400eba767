import { businessDate, policyStatusLabels, policyTypeLabels } from '@portal/domain';
import type { ExportColumn } from '../../lib/table-export';
import type { ExportRow } from './repository/list';

const names = (list: string[]) => list.join(', ');
const address = (row: ExportRow) =>
  [[row.street, row.exteriorNumber].filter(Boolean).join(' '), row.colony, row.municipality].filter(Boolean).join(', ');

/**
 * The list's columns as the screen names them (names and addresses in full, not cut at 50
 * characters), then what the screen does not show: the ids, who created the policy and when.
 */
export const policyExportColumns: ReadonlyArray<ExportColumn<ExportRow>> = [
  { header: 'Folio de Investigación', value: (row) => row.investigationId, width: 22 },
  { header: 'Folio de Póliza', value: (row) => row.policyNumber, width: 16 },
  { header: 'Estatus', value: (row) => policyStatusLabels[row.status], width: 22 },
  { header: 'Tipo Poliza', value: (row) => policyTypeLabels[row.policyType], width: 14 },
  { header: 'Inquilino', value: (row) => names(row.tenantNames), width: 32 },
  { header: 'Aval', value: (row) => names(row.guarantorNames), width: 28 },
  { header: 'Propietario', value: (row) => row.ownerName, width: 28 },
  { header: 'Fecha de Entrega', value: (row) => (row.deliveryDate ? { day: row.deliveryDate } : null), width: 14 },
  { header: 'Dirección del Inmueble', value: address, width: 48 },
  { header: 'Inicio de Vigencia', value: (row) => (row.contractStartDate ? { day: row.contractStartDate } : null), width: 14 },
  { header: 'Fin de Vigencia', value: (row) => (row.endDate ? { day: row.endDate } : null), width: 14 },
  { header: 'Fecha de Creación', value: (row) => ({ day: businessDate(row.createdAt) }), width: 14 },
  { header: 'Agente', value: (row) => row.agentName, width: 26 },
  { header: 'ID Póliza', value: (row) => row.id, width: 10 },
  { header: 'ID Sucursal', value: (row) => row.branchId, width: 10 },
  { header: 'ID Agente', value: (row) => row.userId, width: 10 },
];
