// The rent schedule's words without zod: states, methods and their Spanish labels (issue 32).
import { formatPesos } from './money';

/** A month of the schedule: Pendiente, Pagada, Pagada con atraso, Parcial, En mora, Condonada. */
export const rentMonthStates = ['pending', 'paid', 'paid_late', 'partial', 'overdue', 'waived'] as const;
export type RentMonthState = (typeof rentMonthStates)[number];

export const rentMonthStateLabels: Record<RentMonthState, string> = {
  pending: 'Pendiente',
  paid: 'Pagada',
  paid_late: 'Pagada con atraso',
  partial: 'Parcial',
  overdue: 'En mora',
  waived: 'Condonada',
};

/** The ways staff record a payment (the form's choices, what POST /payments accepts). */
export const recordablePaymentMethods = ['transfer', 'deposit', 'cash', 'check', 'card'] as const;
export type RecordablePaymentMethod = (typeof recordablePaymentMethods)[number];

/** Every method a stored payment may have: also 'owner_report', a payment the owner confirmed by link (never typed by staff). */
export const paymentMethods = [...recordablePaymentMethods, 'owner_report'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  transfer: 'Transferencia / SPEI',
  deposit: 'Depósito',
  cash: 'Efectivo',
  check: 'Cheque',
  card: 'Tarjeta',
  owner_report: 'Confirmado por el propietario',
};

/** A tenant's proof of payment sent by link: En revisión until staff confirm it (a payment) or reject it (with a reason). */
export const rentProofStates = ['pending', 'accepted', 'rejected'] as const;
export type RentProofState = (typeof rentProofStates)[number];
export const rentProofStateLabels: Record<RentProofState, string> = { pending: 'En revisión', accepted: 'Aceptado', rejected: 'Rechazado' };

/** Each month's pagaré: kept by the office, paid (to give back), or past due (the evidence a case needs). */
export const pagareStates = ['custody', 'paid', 'overdue'] as const;
export type PagareState = (typeof pagareStates)[number];
export const pagareStateLabels: Record<PagareState, string> = { custody: 'En custodia', paid: 'Pagado', overdue: 'Vencido' };
/** What the office does with it, beside the label where there is room (the month's details, the statement). */
export const pagareStateNotes: Record<PagareState, string> = {
  custody: 'la oficina lo conserva',
  paid: 'devolvible al inquilino',
  overdue: 'prueba para la incidencia',
};

const monthNames = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** '2026-12' → 'diciembre 2026'. */
export function periodLabel(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return `${monthNames[month - 1] ?? ''} ${year}`;
}

export const rentMessages = {
  notFound: 'Póliza no encontrada',
  paymentNotFound: 'Pago no encontrado',
  noSchedule: 'La póliza aún no tiene calendario de rentas: se crea al activarse, con la fecha de inicio del contrato y la renta.',
  cancelled: 'La póliza está cancelada: no se pueden registrar pagos.',
  alreadyReversed: 'Este pago ya fue revertido.',
  receivedOnFuture: 'La fecha de recepción no puede ser posterior a hoy',
  receivedOnBeforeContract: (start: string) => `La fecha de recepción no puede ser anterior al inicio del contrato (${start})`,
  recorded: 'Pago registrado',
  reversed: 'Pago revertido',
  paymentEvent: (amount: string, receivedOn: string) => `Pago registrado: ${formatPesos(amount)} recibido el ${receivedOn}`,
  reversalEvent: (amount: string, reason: string) => `Pago de ${formatPesos(amount)} revertido: ${reason}`,
  monthNotFound: 'Renta no encontrada',
  alreadyWaived: 'Esta renta ya está condonada.',
  waived: 'Renta condonada',
  alreadyPaid: 'Esta renta ya está pagada: no se puede condonar.',
  waiverEvent: (period: string, reason: string) => `Renta de ${periodLabel(period)} condonada: ${reason}`,
  upToDate: 'Al corriente',
  otherBranchList: 'No tiene acceso a las rentas de otra sucursal',
  branchNotFound: 'La sucursal no existe',
  noStatement: 'La póliza aún no tiene calendario de rentas: el estado de cuenta se emite cuando la póliza está activa.',
  statementFileName: (folio: string, today: string) => `estado-de-cuenta-${folio}-${today}.pdf`,
} as const;

/** Moratorium interest's words (issue 32): an amount shown beside what is owed, never part of it. */
export const lateInterestMessages = {
  label: 'Intereses moratorios',
  notAdded: 'no se suman a lo adeudado',
  /** 'Intereses moratorios: $2,136.75 (3.50 % mensual) — no se suman a lo adeudado'. */
  summary: (amount: string, rate: string) => `Intereses moratorios: ${formatPesos(amount)} (${rate} % mensual) — no se suman a lo adeudado`,
  /** The month dialog's value: '$2,136.75 — no se suman a lo adeudado'. */
  monthValue: (amount: string) => `${formatPesos(amount)} — no se suman a lo adeudado`,
} as const;

/** 'Atraso: 1 mes, $18,500.00, 12 días' — or 'Al corriente' when nothing is in arrears. */
export function arrearsSummary(arrears: { months: number; amount: string; daysLate: number }): string {
  if (arrears.months === 0) return rentMessages.upToDate;
  const months = arrears.months === 1 ? '1 mes' : `${arrears.months} meses`;
  const days = arrears.daysLate === 1 ? '1 día' : `${arrears.daysLate} días`;
  return `Atraso: ${months}, ${formatPesos(arrears.amount)}, ${days}`;
}
