import { describe, expect, it } from 'vitest';
import { appointmentInputSchema, generateVideoRoomUrl, jitsiRoomPattern } from '../index';

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

  it('makes unguessable Jitsi rooms and accepts pasted https links only', () => {
    const url = generateVideoRoomUrl();
    expect(url).toMatch(jitsiRoomPattern);
    expect(generateVideoRoomUrl()).not.toBe(url);
    // 10 bytes of 0xff are sixteen '7's in base32; of zeros, sixteen 'A's.
    expect(generateVideoRoomUrl((count) => new Uint8Array(count).fill(255))).toBe('https://meet.jit.si/PortalPolizas-7777777777777777');
    expect(generateVideoRoomUrl((count) => new Uint8Array(count))).toBe('https://meet.jit.si/PortalPolizas-AAAAAAAAAAAAAAAA');
    for (const pasted of [url, 'https://meet.google.com/abc-defg-hij', 'https://us02web.zoom.us/j/123456789?pwd=abc', 'https://teams.microsoft.com/l/meetup-join/19%3ameeting']) {
      expect(appointmentInputSchema.parse({ ...valid, googleMeetUrl: pasted }).googleMeetUrl).toBe(pasted);
    }
    const refused = 'El campo Videollamada debe ser un enlace https:// (Jitsi, Meet, Zoom, Teams…)';
    for (const bad of ['http://meet.jit.si/sala', 'javascript:alert(1)', 'meet.jit.si/sala', 'https://']) {
      expect(issues({ ...valid, googleMeetUrl: bad }), bad).toEqual([['googleMeetUrl', refused]]);
    }
    expect(issues({ ...valid, googleMeetUrl: `https://teams.microsoft.com/${'a'.repeat(1000)}` })).toEqual([['googleMeetUrl', 'El campo Videollamada admite como máximo 1000 caracteres']]);
  });
});

describe('dates the database can hold', () => {
  it('refuses years a date input allows but PostgreSQL does not (0000), and far-off ones', () => {
    expect(issues({ ...valid, date: '0000-01-01' })).toEqual([['date', 'El campo Fecha debe ser una fecha válida']]);
    expect(issues({ ...valid, date: '9999-12-31' })).toEqual([['date', 'El campo Fecha debe ser una fecha válida']]);
    expect(issues({ ...valid, date: '2199-12-31' })).toEqual([]);
  });
});
