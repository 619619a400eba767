import { describe, expect, it } from 'vitest';
import { appointmentInputSchema, generateMeetUrl, meetUrlPattern } from '../index';

const valid = {
  title: 'Firma de contrato Roma Norte',
  date: '2026-12-03',
  startTime: '10:00',
  endTime: '11:30',
  location: 'Sucursal Polanco',
  attendees: [{ name: 'Lucía Hernández', email: 'LUCIA@example.mx' }],
};

const issues = (input: unknown) =>
  appointmentInputSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('appointment rules', () => {
  it('accepts the dialog as filled and applies the defaults (signature, tenant, unconfirmed)', () => {
    expect(appointmentInputSchema.parse(valid)).toEqual({
      ...valid,
      description: '',
      type: 'signature',
      googleMeetUrl: null,
      attendees: [{ name: 'Lucía Hernández', email: 'lucia@example.mx', externalId: '', role: 'tenant', confirmed: false }],
    });
  });

  it('requires title, date, both times and location; each attendee needs name, a valid e-mail and a role', () => {
    expect(issues({ title: '', date: '', startTime: '', endTime: '', location: '', type: 'x', attendees: [{ name: '', email: 'no', role: 'boss' }] })).toEqual([
      ['title', 'El campo Título es obligatorio'],
      ['date', 'El campo Fecha es obligatorio'],
      ['startTime', 'El campo Hora de inicio es obligatorio'],
      ['endTime', 'El campo Hora de fin es obligatorio'],
      ['location', 'El campo Ubicación es obligatorio'],
      ['type', 'El campo Tipo es obligatorio'],
      ['attendees.0.name', 'El campo Nombre es obligatorio'],
      ['attendees.0.email', 'Ingrese un correo electrónico válido'],
      ['attendees.0.role', 'El campo Rol es obligatorio'],
    ]);
  });

  it('wants the end after the start, and real times', () => {
    expect(issues({ ...valid, endTime: '10:00' })).toEqual([['endTime', 'La hora de fin debe ser posterior a la hora de inicio']]);
    expect(issues({ ...valid, endTime: '09:00' })).toEqual([['endTime', 'La hora de fin debe ser posterior a la hora de inicio']]);
    expect(issues({ ...valid, startTime: '25:00' })).toEqual([['startTime', 'El campo Hora de inicio debe ser una hora válida (HH:mm)']]);
    expect(appointmentInputSchema.parse({ ...valid, startTime: '10:00:00', endTime: '11:30:00' })).toMatchObject({ startTime: '10:00', endTime: '11:30' });
  });

  it('makes and checks Meet-style links', () => {
    const url = generateMeetUrl();
    expect(url).toMatch(meetUrlPattern);
    expect(issues({ ...valid, googleMeetUrl: 'https://evil.example/abc' })).toEqual([['googleMeetUrl', 'El enlace de la videollamada no es válido']]);
    expect(appointmentInputSchema.parse({ ...valid, googleMeetUrl: url }).googleMeetUrl).toBe(url);
  });
});

describe('dates the database can hold', () => {
  it('refuses years a date input allows but PostgreSQL does not (0000), and far-off ones', () => {
    expect(issues({ ...valid, date: '0000-01-01' })).toEqual([['date', 'El campo Fecha debe ser una fecha válida']]);
    expect(issues({ ...valid, date: '9999-12-31' })).toEqual([['date', 'El campo Fecha debe ser una fecha válida']]);
    expect(issues({ ...valid, date: '2199-12-31' })).toEqual([]);
  });
});
