/*
 * Incidencias (issue 33): the office's case file from the first missed rent to the recovered
 * property. Stable English ids with their Spanish labels, like statuses; no zod here, so the
 * web's shell can read the labels without the schemas.
 */

export const claimTypes = ['non_payment', 'property_damage', 'misuse', 'subletting', 'abandonment', 'no_surrender', 'unpaid_services', 'other'] as const;
export type ClaimType = (typeof claimTypes)[number];
export const claimTypeLabels: Record<ClaimType, string> = {
  non_payment: 'Falta de pago',
  property_damage: 'Daños al inmueble',
  misuse: 'Uso distinto al pactado',
  subletting: 'Subarrendamiento',
  abandonment: 'Abandono',
  no_surrender: 'No entrega del inmueble',
  unpaid_services: 'Servicios impagos',
  other: 'Otro',
};

/** The stages in their order; their labels are the defaults an admin may rename (claim_stage_labels). */
export const claimStages = ['report', 'validation', 'extrajudicial', 'agreement', 'lawsuit', 'judgment', 'enforcement', 'closed'] as const;
export type ClaimStage = (typeof claimStages)[number];
export const defaultClaimStageLabels: Record<ClaimStage, string> = {
  report: 'Reporte',
  validation: 'Validación',
  extrajudicial: 'Gestión extrajudicial',
  agreement: 'Convenio de pago',
  lawsuit: 'Demanda',
  judgment: 'Sentencia',
  enforcement: 'Ejecución / Lanzamiento',
  closed: 'Cerrada',
};

/** What the owner reads on their link for each stage: plain Spanish, never internal notes. */
export const claimOwnerNextSteps: Record<ClaimStage, string> = {
  report: 'Recibimos su reporte. Un asesor de la oficina lo revisará y se pondrá en contacto con usted.',
  validation: 'Estamos reuniendo los documentos del caso (contrato, pagarés, estado de rentas y evidencias).',
  extrajudicial: 'Estamos en contacto con el inquilino y los obligados solidarios para que cumplan.',
  agreement: 'El inquilino firmó un convenio de pago. Vigilamos que pague cada parcialidad en su fecha.',
  lawsuit: 'El abogado de la oficina presentó o prepara la demanda ante el juzgado.',
  judgment: 'El juzgado dictó o está por dictar sentencia. Le informaremos el resultado.',
  enforcement: 'Estamos ejecutando la sentencia para recuperar el inmueble o lo adeudado.',
  closed: 'El caso está cerrado.',
};

export const claimResults = ['paid', 'agreement_fulfilled', 'property_recovered', 'withdrawn', 'uncollectible'] as const;
export type ClaimResult = (typeof claimResults)[number];
export const claimResultLabels: Record<ClaimResult, string> = {
  paid: 'Pagado',
  agreement_fulfilled: 'Convenio cumplido',
  property_recovered: 'Inmueble recuperado',
  withdrawn: 'Desistimiento',
  uncollectible: 'Incobrable',
};

/** 'draft': reported by the owner (link or a 'No' on a rent confirmation) and not yet reviewed by staff. */
export const claimStatuses = ['draft', 'open', 'closed'] as const;
export type ClaimStatus = (typeof claimStatuses)[number];
export const claimStatusLabels: Record<ClaimStatus, string> = { draft: 'Por revisar', open: 'Abierta', closed: 'Cerrada' };

export const claimSources = ['staff', 'rent_confirmation', 'owner_link'] as const;
export type ClaimSource = (typeof claimSources)[number];
export const claimSourceLabels: Record<ClaimSource, string> = {
  staff: 'Personal de la oficina',
  rent_confirmation: 'Confirmación de renta del propietario',
  owner_link: 'Reporte del propietario por enlace',
};

export const contactChannels = ['call', 'visit', 'email', 'whatsapp', 'letter'] as const;
export type ContactChannel = (typeof contactChannels)[number];
export const contactChannelLabels: Record<ContactChannel, string> = {
  call: 'Llamada',
  visit: 'Visita',
  email: 'Correo electrónico',
  whatsapp: 'WhatsApp',
  letter: 'Carta',
};

/**
 * With whom a collection contact is made. Only the debtors (the tenant and the obligados
 * solidarios) may be contacted; the others exist so an attempt is named and refused with its reason.
 */
export const contactParties = ['tenant', 'guarantor', 'reference', 'employer', 'other'] as const;
export type ContactParty = (typeof contactParties)[number];
export const contactPartyLabels: Record<ContactParty, string> = {
  tenant: 'Inquilino',
  guarantor: 'Obligado solidario',
  reference: 'Referencia personal',
  employer: 'Empleador',
  other: 'Otra persona',
};
export const allowedContactParties = ['tenant', 'guarantor'] as const satisfies readonly ContactParty[];

/** Fair-collection hours, Mexico City time: from 7:00 to 22:00. */
export const contactHours = { from: 7, to: 22 } as const;

/** The procedural steps of the lawsuit, in the order they must happen (their dates may not go back). */
export const lawsuitSteps = ['filedOn', 'admittedOn', 'servedOn', 'answeredOn', 'hearingOn', 'judgmentOn', 'enforcementOn', 'evictionOn'] as const;
export type LawsuitStep = (typeof lawsuitSteps)[number];
export const lawsuitStepLabels: Record<LawsuitStep, string> = {
  filedOn: 'Presentación de la demanda',
  admittedOn: 'Admisión',
  servedOn: 'Emplazamiento',
  answeredOn: 'Contestación',
  hearingOn: 'Audiencia',
  judgmentOn: 'Sentencia',
  enforcementOn: 'Ejecución',
  evictionOn: 'Lanzamiento',
};

/** Costs of a case, the amounts recovered from the debtors and what was handed to the owner. */
export const claimMovementKinds = ['court_fees', 'notary', 'bailiff', 'lawyer_fees', 'other_cost', 'recovery', 'owner_payout'] as const;
export type ClaimMovementKind = (typeof claimMovementKinds)[number];
export const claimMovementKindLabels: Record<ClaimMovementKind, string> = {
  court_fees: 'Gastos de juzgado',
  notary: 'Notario',
  bailiff: 'Actuario / diligencias',
  lawyer_fees: 'Honorarios de abogado',
  other_cost: 'Otro gasto',
  recovery: 'Monto recuperado',
  owner_payout: 'Entregado al propietario',
};
export const claimCostKinds = ['court_fees', 'notary', 'bailiff', 'lawyer_fees', 'other_cost'] as const satisfies readonly ClaimMovementKind[];

export const agreementStates = ['active', 'broken', 'fulfilled', 'cancelled'] as const;
export type AgreementState = (typeof agreementStates)[number];
export const agreementStateLabels: Record<AgreementState, string> = { active: 'Vigente', broken: 'Incumplido', fulfilled: 'Cumplido', cancelled: 'Cancelado' };

/** An instalment is tracked as the rent schedule's months are. */
export const instalmentStates = ['pending', 'partial', 'paid', 'late'] as const;
export type InstalmentState = (typeof instalmentStates)[number];
export const instalmentStateLabels: Record<InstalmentState, string> = { pending: 'Pendiente', partial: 'Parcial', paid: 'Pagada', late: 'Vencida' };

/** The documents drawn from templates (new kinds of the contracts' editor). */
export const claimDocumentKinds = ['payment_demand', 'guarantor_letter', 'payment_agreement', 'lawsuit_summary'] as const;
export type ClaimDocumentKind = (typeof claimDocumentKinds)[number];
export const claimDocumentKindLabels: Record<ClaimDocumentKind, string> = {
  payment_demand: 'Requerimiento de pago',
  guarantor_letter: 'Carta a obligados solidarios',
  payment_agreement: 'Convenio de pago',
  lawsuit_summary: 'Resumen para demanda',
};

/** The documents a case needs before the office acts on it (Validación). */
export const claimChecklistItems = ['contract', 'promissory_notes', 'rent_schedule', 'evidence'] as const;
export type ClaimChecklistItem = (typeof claimChecklistItems)[number];
export const claimChecklistLabels: Record<ClaimChecklistItem, string> = {
  contract: 'Contrato de arrendamiento firmado',
  promissory_notes: 'Pagarés',
  rent_schedule: 'Estado de rentas',
  evidence: 'Evidencias',
};

/** Deadline reminders go this many days before the término (to the lawyer and the manager). */
export const deadlineReminderDays = [7, 3, 1] as const;

/** How long an owner's 'Reportar un problema' link opens. */
export const claimOwnerLinkDays = 90;

/** 'INC-00042'. */
export function claimNumber(id: number): string {
  return `INC-${String(id).padStart(5, '0')}`;
}
