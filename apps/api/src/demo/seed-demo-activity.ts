import { businessDate, leadSources, normalizePhone, type AppointmentType, type AttendeeRole } from '@portal/domain';
import type { Db } from '../db/client';
import { femaleFirstNames, maleFirstNames, surnames } from './demo-data';
import { findActivePolicies } from './repository';
import type { AuthUser } from '../lib/auth-user';
import { cancelAddendum, createAddendum } from '../modules/addendums/index';
import { createAppointment } from '../modules/appointments/index';
import { addNote, changeStatus, createLead } from '../modules/leads/index';

export interface DemoActivity {
  addendums: number;
  appointments: number;
  leads: number;
}

const DAY = 86_400_000;

/**
 * The rest of a living branch, written through the services like staff would: addendums on some
 * active policies, appointments around today (signatures, inspections) with the policies' people,
 * and a leads board with notes in every column.
 */
export async function seedDemoActivity(db: Db, actor: AuthUser, random: () => number, now: Date): Promise<DemoActivity> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const active = await findActivePolicies(db, actor.branchId ?? -1);

  const addendums = await seedAddendums(db, actor, active.slice(0, 5), now);
  const appointments = await seedAppointments(db, actor, active, pick, now);
  const leads = await seedLeads(db, actor, pick);
  return { addendums, appointments, leads };
}

type ActivePolicy = { id: number; tenantNames: string[]; owner: string; street: string; number: string; colony: string };

const addendumPlans = [
  { description: 'Incremento anual de renta conforme al INPC', amount: 850, status: 'active' },
  { description: 'Autorización para tener una mascota (perro mediano)', amount: 1500, status: 'active' },
  { description: 'Ampliación de vigencia por seis meses', amount: 3200, status: 'pending' },
  { description: 'Cambio de obligado solidario', amount: 500, status: 'pending' },
  { description: 'Reducción temporal de renta por obras en el edificio', amount: 1200, status: 'active', cancel: true },
] as const;

async function seedAddendums(db: Db, actor: AuthUser, active: ActivePolicy[], now: Date): Promise<number> {
  let written = 0;
  for (const [index, policy] of active.entries()) {
    const plan = addendumPlans[index % addendumPlans.length]!;
    const start = businessDate(new Date(now.getTime() + (index * 12 - 20) * DAY));
    const end = businessDate(new Date(Date.parse(`${start}T12:00:00Z`) + 364 * DAY));
    const addendum = await createAddendum(db, actor, { policyId: policy.id, description: plan.description, amount: plan.amount, startDate: start, endDate: end, status: plan.status });
    if ('cancel' in plan) await cancelAddendum(db, actor, addendum.id);
    written++;
  }
  return written;
}

const appointmentKinds: ReadonlyArray<{ type: AppointmentType; title: (policy: ActivePolicy) => string; minutes: number }> = [
  { type: 'signature', title: (policy) => `Firma de contrato — ${policy.street} ${policy.number}`, minutes: 60 },
  { type: 'inspection', title: (policy) => `Inspección de entrega — ${policy.colony}`, minutes: 90 },
  { type: 'document_review', title: (policy) => `Revisión de documentos — ${policy.tenantNames[0] ?? 'inquilino'}`, minutes: 45 },
  { type: 'other', title: () => 'Visita de seguimiento con el propietario', minutes: 30 },
];

async function seedAppointments(db: Db, actor: AuthUser, active: ActivePolicy[], pick: <T>(list: readonly T[]) => T, now: Date): Promise<number> {
  if (active.length === 0) return 0;
  let written = 0;
  // Two weeks back to three weeks ahead, on working days, two at most per day.
  for (let offset = -14; offset <= 21; offset += 2) {
    const day = new Date(now.getTime() + offset * DAY);
    const date = businessDate(day);
    if ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) continue;
    const policy = pick(active);
    const kind = pick(appointmentKinds);
    const startHour = 9 + Math.floor((written * 7) % 8);
    const start = `${String(startHour).padStart(2, '0')}:${written % 2 === 0 ? '00' : '30'}`;
    const endMinutes = startHour * 60 + (written % 2 === 0 ? 0 : 30) + kind.minutes;
    const end = `${String(Math.floor(endMinutes / 60)).padStart(2, '0')}:${String(endMinutes % 60).padStart(2, '0')}`;
    const people: Array<{ name: string; role: AttendeeRole }> = [
      ...policy.tenantNames.slice(0, 1).map((name) => ({ name, role: 'tenant' as const })),
      { name: policy.owner, role: 'owner' as const },
    ];
    await createAppointment(db, actor, {
      title: kind.title(policy),
      description: 'Cita de demostración.',
      date,
      startTime: start,
      endTime: end,
      location: kind.type === 'inspection' ? `${policy.street} ${policy.number}, ${policy.colony}` : 'Sucursal, sala de juntas',
      type: kind.type,
      status: 'pending',
      attendees: people.map((person, index) => ({ ...person, externalId: '', email: demoEmail(person.name, index), confirmed: offset < 0 })),
      googleMeetUrl: null,
      branchId: null,
    });
    written++;
  }
  return written;
}

const leadNotes = [
  'Busca departamento de dos recámaras cerca del metro',
  'Pidió cotización para póliza Plus',
  'Volver a llamar el lunes por la tarde',
  'Su aval tiene inmueble en Coyoacán',
  'Prefiere que lo contacten por WhatsApp',
] as const;

async function seedLeads(db: Db, actor: AuthUser, pick: <T>(list: readonly T[]) => T): Promise<number> {
  const columns = ['cotizacion', 'accion', 'poliza', 'agente'];
  for (let index = 0; index < 12; index++) {
    const first = pick(index % 2 === 0 ? femaleFirstNames : maleFirstNames);
    const phone = `55 ${1000 + index * 731} ${2000 + index * 417}`.slice(0, 12);
    const whatsapp = index % 3 === 0 ? `55 ${9000 - index * 311} ${4000 + index * 97}`.slice(0, 12) : phone;
    // Stored E.164 as the API stores typed numbers (issue 20).
    const lead = await createLead(db, actor, {
      name: `${first} ${pick(surnames)}`,
      phone: normalizePhone(phone) ?? phone,
      phonewhats: normalizePhone(whatsapp) ?? whatsapp,
      source: pick(leadSources),
      server: '',
      apikey: '',
      notes: pick(leadNotes),
    });
    if (index % 4 !== 0) await changeStatus(db, actor, lead.id, columns[index % columns.length]!);
    if (index % 3 === 1) await addNote(db, actor, lead.id, pick(leadNotes));
  }
  return 12;
}

function demoEmail(name: string, index: number): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(' ')
    .slice(0, 2)
    .join('.')
    .replace(/[^a-z.]/g, '');
  return `${slug || 'contacto'}${index}@example.com`;
}

