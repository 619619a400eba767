import { addendumStatusLabels, type Addendum } from '@portal/domain';
import type { ExportColumn } from '../../lib/table-export';

/** The list's columns as the screen names them (Vigencia as its two days), then the client and the ids. */
export const addendumExportColumns: ReadonlyArray<ExportColumn<Addendum>> = [
  { header: 'Póliza', value: (row) => row.policyNumber, width: 22 },
  { header: 'Cliente', value: (row) => row.clientName, width: 30 },
  { header: 'Descripción', value: (row) => row.description, width: 40 },
  { header: 'Monto', value: (row) => row.amount, width: 14 },
  { header: 'Inicio de Vigencia', value: (row) => (row.startDate ? { day: row.startDate } : null), width: 14 },
  { header: 'Fin de Vigencia', value: (row) => (row.endDate ? { day: row.endDate } : null), width: 14 },
  { header: 'Estado', value: (row) => addendumStatusLabels[row.status] ?? row.status, width: 12 },
  { header: 'Archivo', value: (row) => row.files[0]?.originalFilename ?? null, width: 28 },
  { header: 'ID Addendum', value: (row) => row.id, width: 10 },
  { header: 'ID Póliza', value: (row) => row.policyId, width: 10 },
  { header: 'ID Sucursal', value: (row) => row.branchId, width: 10 },
];
