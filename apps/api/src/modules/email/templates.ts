import type { LinkPurpose, NotificationKind } from '@portal/domain';

/** What every e-mail is made of: a subject and the same message as HTML and plain text. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Names, folios and reasons typed by people go into HTML only through here. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);
}

/** A link in the message: the main action is a button, others plain links; the text part says `label: url`. */
interface Action {
  label: string;
  url: string;
  style: 'button' | 'link';
}

/** What a message says, in order: paragraphs of text and the links to act on. */
type Block = string | Action;

interface Layout {
  subject: string;
  /** The message's headline, above the greeting. */
  heading: string;
  greeting: string;
  blocks: Block[];
  /** The closing line: what to do next. */
  hint: string;
  /** The mailbox answers reach (the e-mail's Reply-To), if any: the footer then says so instead of 'no responda'. */
  replyTo?: string | null;
}

const signature = 'Portal de Pólizas';
const footer = (replyTo: string | null | undefined) =>
  replyTo ? `Este correo se envió automáticamente; si responde, su mensaje llega a ${replyTo}.` : 'Este correo se envió automáticamente; no responda a esta dirección.';
const buttonColour = '#1d4ed8';

/** A URL as it may appear in an attribute: only http(s), escaped like any other text. */
function href(url: string): string {
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : '#';
}

/**
 * Every http(s) address in an already escaped text becomes a link (a video call's address, one
 * in a notice's body); a full stop or bracket right after it stays text.
 */
function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<>"']+/gi, (match) => {
    const url = match.replace(/[.,;:!?)»]+$/, '');
    return `<a href="${url}" style="color:${buttonColour}">${url}</a>${match.slice(url.length)}`;
  });
}

const paragraphHtml = (text: string) => `<p style="margin:0 0 12px">${linkify(escapeHtml(text)).replace(/\n/g, '<br>')}</p>`;

/**
 * The main action as a button made of a table cell (Outlook draws no padding or background on
 * a bare <a>), inline styles only (Gmail drops <style>), and the address below it for the
 * clients that show no button.
 */
function buttonHtml(action: Action): string {
  const link = href(action.url);
  return [
    '<table role="presentation" border="0" cellspacing="0" cellpadding="0" style="margin:8px 0 12px;border-collapse:separate">',
    `<tr><td align="center" bgcolor="${buttonColour}" style="border-radius:6px;background-color:${buttonColour}">`,
    `<a href="${link}" target="_blank" style="display:inline-block;padding:12px 24px;border:1px solid ${buttonColour};border-radius:6px;font-family:Arial,Helvetica,sans-serif;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none">${escapeHtml(action.label)}</a>`,
    '</td></tr></table>',
    `<p style="margin:0 0 12px;color:#475569;font-size:13px">Si el botón no funciona, copie esta dirección en su navegador:<br><a href="${link}" style="color:${buttonColour};word-break:break-all">${escapeHtml(action.url)}</a></p>`,
  ].join('\n');
}

const linkHtml = (action: Action) => `<p style="margin:0 0 12px"><a href="${href(action.url)}" target="_blank" style="color:${buttonColour}">${escapeHtml(action.label)}</a></p>`;

function blockHtml(block: Block): string {
  if (typeof block === 'string') return paragraphHtml(block);
  return block.style === 'button' ? buttonHtml(block) : linkHtml(block);
}

/** The plain-text part keeps every address whole, for clients that show no HTML. */
const blockText = (block: Block) => (typeof block === 'string' ? block : `${block.label}: ${block.url}`);

/** One layout for every e-mail: each text escaped in the HTML, line breaks kept, links clickable. */
function layout(parts: Layout): RenderedEmail {
  const html = [
    '<!doctype html><html lang="es"><head><meta charset="utf-8"></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">',
    `<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(parts.heading)}</h1>`,
    paragraphHtml(parts.greeting),
    ...parts.blocks.map(blockHtml),
    paragraphHtml(parts.hint),
    `<p style="margin:24px 0 0;color:#475569;font-size:13px">${escapeHtml(signature)}<br>${escapeHtml(footer(parts.replyTo))}</p>`,
    '</body></html>',
  ].join('\n');
  const text = [parts.heading, parts.greeting, ...parts.blocks.map(blockText), parts.hint, '', `— ${signature}`, footer(parts.replyTo)].join('\n\n');
  return { subject: parts.subject, html, text };
}

/** A notification as the user reads it in the portal; `name` is the recipient's first name. */
export interface NotificationEmail {
  name: string;
  title: string;
  body: string;
}

/** The closing line per kind: each e-mail says where in the portal to follow up. */
const hints: Record<NotificationKind, string> = {
  investigation_approved: 'Abra el expediente de la póliza en el Portal de Pólizas para continuar con los contratos.',
  investigation_rejected: 'Abra el expediente de la póliza en el Portal de Pólizas para ver el motivo del rechazo.',
  policy_expiring: 'Abra el expediente de la póliza en el Portal de Pólizas para preparar la renovación.',
  appointment_reminder: 'Consulte los detalles en Control de Citas del Portal de Pólizas.',
  renewal_created: 'Abra la nueva póliza en el Portal de Pólizas para revisarla y completarla.',
  lead_follow_up: 'Abra el tablero de Leads del Portal de Pólizas para dar seguimiento.',
  job_failed: 'Revise las tareas y los correos salientes en la administración del Portal de Pólizas.',
  link_documents_received: 'Abra el expediente de la póliza en el Portal de Pólizas para revisar los documentos.',
  signature_declined: 'Abra el expediente de la póliza en el Portal de Pólizas para ver el motivo y comunicarse con el firmante.',
  signature_completed: 'Abra el expediente de la póliza en el Portal de Pólizas para descargar los contratos firmados.',
  signature_expired: 'Abra el expediente de la póliza en el Portal de Pólizas para enviar la firma de nuevo o firmar en papel.',
  appointment_answer_changed: 'Consulte la cita en Control de Citas del Portal de Pólizas.',
  rent_not_received: 'Abra la sección Rentas del expediente en el Portal de Pólizas para dar seguimiento al adeudo.',
  rent_confirmation_unanswered: 'Abra la sección Rentas del expediente en el Portal de Pólizas para pedir la confirmación por WhatsApp.',
  rent_proof_received: 'Abra la sección Rentas del expediente en el Portal de Pólizas para confirmar o rechazar el comprobante.',
  claim_reported: 'Abra Incidencias en el Portal de Pólizas para revisar el reporte y abrir el caso.',
  claim_deadline: 'Abra la incidencia en el Portal de Pólizas para atender el término a tiempo.',
  claim_instalment_missed: 'Abra la incidencia en el Portal de Pólizas: el caso volvió a Gestión extrajudicial.',
};

const subjectPrefix = '[Portal de Pólizas]';

/** The e-mail of an in-app notification of `kind`. */
export function notificationEmail(kind: NotificationKind, message: NotificationEmail): RenderedEmail {
  return layout({
    subject: `${subjectPrefix} ${message.title}`,
    heading: message.title,
    greeting: message.name ? `Hola, ${message.name}:` : 'Hola:',
    blocks: [message.body],
    hint: hints[kind],
  });
}

/** An attendee's reminder of an appointment (people outside the portal too); the .ics travels attached. */
export interface AppointmentReminderEmail {
  attendeeName: string;
  title: string;
  /** '3 de diciembre de 2026, 10:00 a 11:00 (hora de la Ciudad de México)'. */
  when: string;
  location: string;
  meetUrl: string | null;
}

export function appointmentReminderEmail(reminder: AppointmentReminderEmail): RenderedEmail {
  return layout({
    subject: `Recordatorio de cita: ${reminder.title}`,
    heading: `Recordatorio de cita: ${reminder.title}`,
    greeting: reminder.attendeeName ? `Hola, ${reminder.attendeeName}:` : 'Hola:',
    blocks: [
      `Le recordamos su cita «${reminder.title}».`,
      `Cuándo: ${reminder.when}\nDónde: ${reminder.location}${reminder.meetUrl ? `\nVideollamada: ${reminder.meetUrl}` : ''}`,
    ],
    hint: 'Adjuntamos la cita en formato de calendario (.ics) para agregarla a su agenda.',
  });
}

/** The e-mail that carries a person's link (issue 17): who asks, what for, until when. */
export function publicLinkEmail(message: { name: string; branchName: string; purpose: LinkPurpose; document?: 'move_out'; url: string; expiresOn: string }): RenderedEmail {
  if (message.document === 'move_out') return actaLinkEmail(message);
  const words = linkEmailWords[message.purpose];
  return layout({
    subject: `${words.subject} — ${message.branchName}`,
    heading: words.heading,
    greeting: `Hola, ${message.name}:`,
    blocks: [
      `${message.branchName} ${words.asks}`,
      { label: words.button, url: message.url, style: 'button' },
      `El enlace vence el ${message.expiresOn}. No lo comparta: es solo para usted.`,
    ],
    hint: 'Si no esperaba este correo, ignórelo o comuníquese con la oficina.',
  });
}

/** The signing link of the acta de entrega-recepción (issue 32). */
function actaLinkEmail(message: { name: string; branchName: string; url: string; expiresOn: string }): RenderedEmail {
  return layout({
    subject: `Acta de entrega para firmar — ${message.branchName}`,
    heading: 'Firme el acta de entrega',
    greeting: `Hola, ${message.name}:`,
    blocks: [
      `${message.branchName} le envía el acta de entrega-recepción del inmueble, con la liquidación del depósito, para firmarla electrónicamente. Revísela y fírmela con este enlace personal:`,
      { label: 'Revisar y firmar', url: message.url, style: 'button' },
      `El enlace vence el ${message.expiresOn}. No lo comparta: es solo para usted.`,
    ],
    hint: 'Si no esperaba este correo, ignórelo o comuníquese con la oficina.',
  });
}
const linkEmailWords = {
  upload: {
    asks: 'le pide los documentos de su póliza jurídica de arrendamiento. Puede subirlos desde su teléfono con este enlace personal:',
    subject: 'Documentos para su póliza',
    heading: 'Suba sus documentos',
    button: 'Subir mis documentos',
  },
  sign: {
    asks: 'le envía los contratos de su póliza jurídica de arrendamiento para firmarlos electrónicamente. Revíselos y fírmelos con este enlace personal:',
    subject: 'Contratos para firmar',
    heading: 'Firme sus contratos',
    button: 'Revisar y firmar',
  },
  rent_proof: {
    asks: 'le envía su enlace personal para ver las rentas pendientes y enviar los comprobantes de sus pagos desde su teléfono:',
    subject: 'Comprobantes de pago de su renta',
    heading: 'Envíe sus comprobantes de pago',
    button: 'Enviar comprobante',
  },
  claim_owner: {
    asks: 'le envía su enlace personal para reportar un problema con su inmueble (falta de pago, daños, no entrega…) y seguir el avance de sus incidencias desde su teléfono:',
    subject: 'Reporte de problemas de su inmueble',
    heading: 'Reporte un problema',
    button: 'Abrir mi enlace',
  },
} as const satisfies Record<LinkPurpose, unknown>;

/**
 * A signing link the portal sends again by itself (issue 35): the signer's turn came (signing in
 * order), or a reminder to someone who has not signed. Either way it is a new address: the one
 * sent before stops working.
 */
export function signingLinkAgainEmail(message: { name: string; branchName: string; reason: 'turn' | 'reminder'; document?: 'move_out'; url: string; expiresOn: string }): RenderedEmail {
  const what = message.document === 'move_out' ? 'el acta de entrega-recepción del inmueble' : 'los contratos de su póliza jurídica de arrendamiento';
  const turn = message.reason === 'turn';
  return layout({
    subject: `${turn ? 'Es su turno de firmar' : 'Recordatorio: documentos pendientes de firma'} — ${message.branchName}`,
    heading: turn ? 'Es su turno de firmar' : 'Sus documentos esperan su firma',
    greeting: `Hola, ${message.name}:`,
    blocks: [
      turn
        ? `Ya firmaron quienes iban antes que usted. ${message.branchName} le envía ${what} para firmarlos electrónicamente con este enlace personal:`
        : `${message.branchName} le recuerda que ${what} siguen pendientes de su firma. Revíselos y fírmelos con este enlace personal:`,
      { label: 'Revisar y firmar', url: message.url, style: 'button' },
      turn
        ? `El enlace vence el ${message.expiresOn}. No lo comparta: es solo para usted.`
        : `Este enlace reemplaza al que le enviamos antes, que ya no funciona. Vence el ${message.expiresOn}. No lo comparta: es solo para usted.`,
    ],
    hint: 'Si no esperaba este correo, ignórelo o comuníquese con la oficina.',
  });
}

/** The one-time code of a signing link (issue 17). */
export function signingCodeEmail(message: { name: string; code: string; validMinutes: number }): RenderedEmail {
  return layout({
    // Never the code in the subject: a phone's lock screen shows subjects to anyone nearby.
    subject: 'Su código para firmar los contratos',
    heading: 'Código para firmar',
    greeting: `Hola, ${message.name}:`,
    blocks: [`Su código es ${message.code}. Vence en ${message.validMinutes} minutos.`, 'Nadie de la oficina se lo pedirá: escríbalo solo en la página de firma.'],
    hint: 'Si no pidió este código, ignore este correo.',
  });
}

// --- issue 20 (appointments helper): an appointment's invitation, its update and its cancellation ---

export interface AppointmentInvitationEmail {
  kind: 'invitation' | 'update' | 'cancellation';
  attendeeName: string;
  branchName: string;
  title: string;
  /** As the reminder says it: day, times and the time zone. */
  when: string;
  location: string;
  meetUrl: string | null;
  /** The attendee's 'Confirmar asistencia' / 'No podré asistir' page (none for a cancellation). */
  answerUrl: string | null;
  /** Where a reply goes (the branch's mailbox, else MAIL_FROM's), or null when none can receive it. */
  replyTo?: string | null;
}

const invitationHeadings = { invitation: 'Invitación a una cita', update: 'La cita cambió', cancellation: 'Cita cancelada' } as const;

/** The attendee's two answers: confirming is the main action. */
function answerActions(answerUrl: string | null): Action[] {
  if (!answerUrl) return [];
  return [
    { label: 'Confirmar asistencia', url: `${answerUrl}?respuesta=si`, style: 'button' },
    { label: 'No podré asistir', url: `${answerUrl}?respuesta=no`, style: 'link' },
  ];
}

export function appointmentInvitationEmail(message: AppointmentInvitationEmail): RenderedEmail {
  const details = `Cuándo: ${message.when}\nDónde: ${message.location}${message.meetUrl ? `\nVideollamada: ${message.meetUrl}` : ''}`;
  const blocks: Block[] =
    message.kind === 'cancellation'
      ? [`${message.branchName} canceló la cita «${message.title}».`, details]
      : [
          message.kind === 'invitation'
            ? `${message.branchName} le invita a la cita «${message.title}».`
            : `${message.branchName} cambió la cita «${message.title}». Estos son los datos actuales:`,
          details,
          // Both open the attendee's page, which asks for the click: mail scanners open links too.
          ...answerActions(message.answerUrl),
        ];
  return layout({
    subject: `${invitationHeadings[message.kind]}: ${message.title}`,
    heading: `${invitationHeadings[message.kind]}: ${message.title}`,
    greeting: message.attendeeName ? `Hola, ${message.attendeeName}:` : 'Hola:',
    blocks,
    replyTo: message.replyTo ?? null,
    hint:
      message.kind === 'cancellation'
        ? 'El archivo adjunto (.ics) la quita de su calendario.'
        : 'Adjuntamos la cita en formato de calendario (.ics) para agregarla a su agenda. El enlace es personal: no lo comparta.',
  });
}

/** The owner's question about a month's rent (issue 32): one tap opens the answers. */
export function rentConfirmationEmail(message: { ownerName: string; branchName: string; question: string; propertyAddress: string; url: string; expiresOn: string }): RenderedEmail {
  return layout({
    subject: `${message.question} — ${message.branchName}`,
    heading: 'Confirme la renta de su inmueble',
    greeting: `Hola, ${message.ownerName}:`,
    blocks: [
      `${message.branchName} le pregunta por la renta de su inmueble${message.propertyAddress ? ` en ${message.propertyAddress}` : ''}.`,
      message.question,
      { label: 'Responder', url: message.url, style: 'button' },
      `El enlace vence el ${message.expiresOn}. No lo comparta: es solo para usted.`,
    ],
    hint: 'Con su respuesta mantenemos al día el registro de pagos de su póliza. Si no esperaba este correo, comuníquese con la oficina.',
  });
}

/**
 * The tenant's reminder before a month's due date (issue 32): the facts only. Where to pay is the
 * lease's and the office's to say, not this e-mail's (the portal does not know the account).
 */
export function rentReminderEmail(message: { tenantName: string; branchName: string; period: string; amount: string; dueOn: string; propertyAddress: string }): RenderedEmail {
  return layout({
    subject: `Recordatorio: renta de ${message.period}, vence el ${message.dueOn} — ${message.branchName}`,
    heading: 'Recordatorio de pago de renta',
    greeting: `Hola, ${message.tenantName}:`,
    blocks: [
      `Le recordamos que la renta de ${message.period}${message.propertyAddress ? ` del inmueble en ${message.propertyAddress}` : ''} vence el ${message.dueOn}.`,
      `Importe pendiente: ${message.amount}.`,
      'Realice el pago como lo establece su contrato de arrendamiento. Si ya pagó, no tome en cuenta este mensaje.',
    ],
    hint: `Este recordatorio lo envía ${message.branchName}. Para cualquier duda sobre el pago, comuníquese con la oficina.`,
  });
}

/**
 * The owner's notice of a stage change of their incidencia (issue 33): the case, its stage and the
 * next step in plain Spanish (`text`, the same words the agent's WhatsApp carries) — never the
 * office's internal note.
 */
export function claimStageEmail(message: { branchName: string; number: string; stageLabel: string; text: string }): RenderedEmail {
  return layout({
    subject: `Su incidencia ${message.number}: ${message.stageLabel} — ${message.branchName}`,
    heading: `Avance de su incidencia ${message.number}`,
    // The text greets the owner itself ('Hola, …. Le escribimos de …'): the WhatsApp's words, unchanged.
    greeting: message.text,
    blocks: [],
    hint: `Si tiene dudas sobre su caso, comuníquese con ${message.branchName}.`,
  });
}
