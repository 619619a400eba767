import { appointmentStatusLabels, appointmentTypeLabels, attendeeRoleLabels, type Appointment } from '@portal/domain';
import type { ExportColumn } from '../../lib/table-export';

/** 'Ana Pérez (Inquilino) <ana@correo.mx>; …': every attendee in one cell. */
function attendeesText(appointment: Appointment): string {
  return appointment.attendees
    .map((person) => `${person.name} (${attendeeRoleLabels[person.role] ?? person.role})${person.email ? ` <${person.email}>` : ''}`)
    .join('; ');
}

/** What an appointment's card shows, one column each, then the ids. */
export const appointmentExportColumns: ReadonlyArray<ExportColumn<Appointment>> = [
  { header: 'Título', value: (row) => row.title, width: 30 },
  { header: 'Fecha', value: (row) => ({ day: row.date }), width: 12 },
  { header: 'Hora de inicio', value: (row) => row.startTime, width: 10 },
  { header: 'Hora de fin', value: (row) => row.endTime, width: 10 },
  { header: 'Tipo', value: (row) => appointmentTypeLabels[row.type] ?? row.type, width: 22 },
  { header: 'Estatus', value: (row) => appointmentStatusLabels[row.status] ?? row.status, width: 12 },
  { header: 'Ubicación', value: (row) => row.location, width: 30 },
  { header: 'Descripción', value: (row) => row.description, width: 40 },
  { header: 'Asistentes', value: attendeesText, width: 48 },
  { header: 'Enlace de videollamada', value: (row) => row.googleMeetUrl || null, width: 30 },
  { header: 'ID Cita', value: (row) => row.id, width: 10 },
  { header: 'ID Sucursal', value: (row) => row.branchId, width: 10 },
  { header: 'ID Usuario', value: (row) => row.userId, width: 10 },
];
