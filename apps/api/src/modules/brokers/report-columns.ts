import { brokerKindLabels, type CommissionsReportRow } from '@portal/domain';
import type { ExportColumn } from '../../lib/table-export';

/** 'Comisiones por pagar' as the screen names its columns, then the id. */
export const reportColumns: ReadonlyArray<ExportColumn<CommissionsReportRow>> = [
  { header: 'Asesor o inmobiliaria', value: (row) => row.name, width: 32 },
  { header: 'Tipo', value: (row) => brokerKindLabels[row.kind], width: 20 },
  { header: 'Sucursal', value: (row) => row.branchName, width: 20 },
  { header: 'Ganada en el mes', value: (row) => row.earned, width: 14 },
  { header: 'Pagada en el mes', value: (row) => row.paid, width: 14 },
  { header: 'Por pagar al cierre', value: (row) => row.owed, width: 14 },
  { header: 'ID Asesor', value: (row) => row.brokerId, width: 10 },
];
