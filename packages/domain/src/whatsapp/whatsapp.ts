import { z } from 'zod';
import { messages } from '../common/messages';
import { optionalText, requiredText, idSchema } from '../common/fields';

/**
 * WhatsApp sending from a lead's card (issue 20). A gateway is a server that holds a WhatsApp
 * session and sends messages through it over HTTP: Evolution API v2 or WAHA. Each branch has a
 * gateway, set by its managers or an admin, and the server sends only through it (issue 28): a
 * lead's `server` and `apikey` are fields the spec's client reads and writes, never an address the
 * server calls.
 */
export const gatewayKinds = ['evolution', 'waha'] as const;
export type GatewayKind = (typeof gatewayKinds)[number];

export const gatewayKindLabels: Record<GatewayKind, string> = {
  evolution: 'Evolution API v2',
  waha: 'WAHA',
};

export const whatsappFieldLabels = {
  kind: 'Tipo de gateway',
  serverUrl: 'URL del servidor',
  instance: 'Instancia o sesión',
  apiKey: 'API Key',
  templateName: 'Nombre de la plantilla',
  templateBody: 'Texto de la plantilla',
  templateId: 'Plantilla',
  text: 'Mensaje',
} as const;

export const whatsappMessages = {
  sendTitle: 'Enviar WhatsApp',
  send: 'Enviar',
  sending: 'Enviando…',
  preview: 'Vista previa',
  chooseTemplate: 'Elegir plantilla',
  writeOwn: 'Escribir mensaje',
  noTemplate: 'Sin plantilla (escribir)',
  logTitle: 'Mensajes de WhatsApp',
  logEmpty: 'Aún no se han enviado mensajes a este lead.',
  logError: 'No se pudieron cargar los mensajes',
  sentToast: 'Mensaje enviado',
  queuedToast: 'Mensaje en cola: se reintentará en unos minutos',
  sendError: 'No se pudo enviar el mensaje',
  gatewayAnswer: 'Respuesta del gateway',
  settingsTitle: 'WhatsApp',
  gatewayTitle: 'Gateway de la sucursal',
  gatewayHelp:
    'El servidor de WhatsApp por el que se envían los mensajes de todos los leads de la sucursal. Si está en la red de la oficina, el administrador del sistema debe agregarlo a WHATSAPP_GATEWAY_HOSTS.',
  gatewaySaved: 'Gateway guardado',
  gatewaySaveError: 'No se pudo guardar el gateway',
  gatewayNone: 'La sucursal aún no tiene gateway de WhatsApp.',
  apiKeyKept: 'Déjela vacía para conservar la guardada',
  apiKeySet: 'Guardada',
  templatesTitle: 'Plantillas de mensaje',
  templatesEmpty: 'La sucursal aún no tiene plantillas.',
  templatesHelp: 'Marcadores disponibles: {nombre}, {sucursal}, {asesor}.',
  templateNew: 'Nueva plantilla',
  templateSaved: 'Plantilla guardada',
  templateSaveError: 'No se pudo guardar la plantilla',
  templateDeleted: 'Plantilla eliminada',
  templateDeleteError: 'No se pudo eliminar la plantilla',
  templateDeleteConfirm: (name: string) => `¿Eliminar la plantilla «${name}»?`,
  loadError: 'No se pudo cargar la configuración de WhatsApp',
  // Server answers.
  gatewayNotFound: 'La sucursal no tiene un gateway de WhatsApp configurado',
  leadNotFound: 'No se encontró el lead',
  templateNotFound: 'No se encontró la plantilla',
  templateNameTaken: 'Ya existe una plantilla con ese nombre en la sucursal',
  textOrTemplate: 'Elija una plantilla o escriba el mensaje',
  invalidPhone: 'El número de WhatsApp del lead no es un teléfono válido',
  apiKeyRequired: 'El campo API Key es obligatorio',
  invalidUrl: 'Escriba la URL del servidor con http:// o https://',
  forbiddenSettings: 'Solo un gerente de la sucursal o un administrador puede configurar WhatsApp',
  noGateway: 'Sin gateway de WhatsApp: configure el de la sucursal',
  // The gateway's server (issue 28): checked when saved and again on every connection.
  addressNotAllowed: 'La dirección del gateway no está permitida',
  hostNotListed: 'Ese servidor no está en la lista de gateways permitidos de esta instalación (WHATSAPP_GATEWAY_HOSTS)',
  hostNotFound: 'No se encontró el servidor del gateway: revise la URL',
  // What the card shows of a failed attempt: a status, never the gateway's body nor a socket error.
  gatewayHttpError: (status: number) => `El gateway respondió con un error (${status})`,
  gatewayUnreachable: 'No se pudo conectar con el gateway',
} as const;

/**
 * What a lead's stored API key is answered as (issue 20: keys are write-only). Sent back unchanged
 * by the lead dialog, it means "keep the stored key".
 */
export const apiKeyMask = '••••••••';

// --- gateway settings ---------------------------------------------------------------------------

const label = whatsappFieldLabels;

/**
 * http(s) only: the server calls it, so no file:, javascript: or other schemes, and no user:password@
 * (the key has its own field). The domain runs in browsers and Node alike, so a pattern, not URL.
 */
const serverUrlPattern = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?(?:\/[^\s?#]*)?$/i;
const serverUrlField = requiredText(label.serverUrl, 300)
  .regex(serverUrlPattern, whatsappMessages.invalidUrl)
  // One form for paths built on it: no trailing slash.
  .transform((value) => value.replace(/\/+$/, ''));

const gatewayKindField = z.enum(gatewayKinds, { error: messages.invalidOption(label.kind) });

/** PUT /api/branches/{id}/whatsapp-gateway: the API key is write-only; without it the stored one is kept. */
export const whatsappGatewayInputSchema = z.object({
  kind: gatewayKindField,
  serverUrl: serverUrlField,
  instance: requiredText(label.instance, 100),
  apiKey: optionalText(label.apiKey, 500),
});
export type WhatsappGatewayInput = z.output<typeof whatsappGatewayInputSchema>;
export type WhatsappGatewayFormValues = z.input<typeof whatsappGatewayInputSchema>;

/** What browsers see of a gateway: never the key, only whether one is stored. */
export const whatsappGatewaySchema = z.object({
  branchId: z.number(),
  kind: z.enum(gatewayKinds),
  serverUrl: z.string(),
  instance: z.string(),
  apiKeySet: z.boolean(),
  updatedAt: z.string(),
  /** Raised on every write; the settings form sends it back in If-Match (decision 023). */
  version: z.number().int(),
});
export type WhatsappGateway = z.infer<typeof whatsappGatewaySchema>;

/** GET answer: the branch's gateway, or null before a manager sets one. */
export const whatsappGatewayAnswerSchema = z.object({ gateway: whatsappGatewaySchema.nullable() });
export type WhatsappGatewayAnswer = z.infer<typeof whatsappGatewayAnswerSchema>;

// --- templates ----------------------------------------------------------------------------------

/** The placeholders a template may use, and what each becomes. */
export const templatePlaceholders = {
  nombre: 'Nombre del lead',
  sucursal: 'Nombre de la sucursal',
  asesor: 'Nombre de quien envía',
} as const;
export type TemplatePlaceholder = keyof typeof templatePlaceholders;
export type TemplateValues = Record<TemplatePlaceholder, string>;

export const whatsappTemplateInputSchema = z.object({
  name: requiredText(label.templateName, 80),
  body: requiredText(label.templateBody, 2000),
  /** Admins choose the branch; others write to their own. */
  branchId: idSchema.nullish(),
});
export type WhatsappTemplateInput = z.output<typeof whatsappTemplateInputSchema>;

export const whatsappTemplateSchema = z.object({
  id: z.number(),
  branchId: z.number(),
  name: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;
export const whatsappTemplateListSchema = z.array(whatsappTemplateSchema);

/** A template of a lead's branch with its text for this lead and this sender (the server fills it). */
export const whatsappLeadTemplateSchema = whatsappTemplateSchema.extend({ preview: z.string() });
export type WhatsappLeadTemplate = z.infer<typeof whatsappLeadTemplateSchema>;
export const whatsappLeadTemplateListSchema = z.array(whatsappLeadTemplateSchema);

export const whatsappTemplatesQuerySchema = z.object({ branchId: idSchema.optional() });

/**
 * The text a template becomes for one lead: each known {placeholder} replaced (case-insensitively,
 * spaces inside the braces allowed); an unknown one is left as typed, so a typo shows in the preview.
 */
export function renderTemplate(body: string, values: TemplateValues): string {
  return body.replace(/\{\s*([a-záéíóúñ]+)\s*\}/giu, (match, name: string) => {
    const key = name.toLowerCase() as TemplatePlaceholder;
    return key in templatePlaceholders ? values[key] : match;
  });
}

// --- sending and the log ------------------------------------------------------------------------

/** POST /api/leads/{id}/whatsapp: a template of the lead's branch, or a text written on the card. */
export const whatsappSendInputSchema = z
  .object({
    templateId: idSchema.nullish(),
    text: optionalText(label.text, 4000),
  })
  .refine((input) => Boolean(input.templateId) || input.text !== '', { message: whatsappMessages.textOrTemplate, path: ['text'] });
export type WhatsappSendInput = z.output<typeof whatsappSendInputSchema>;

export const whatsappMessageStatuses = ['queued', 'sent', 'failed', 'received'] as const;
export type WhatsappMessageStatus = (typeof whatsappMessageStatuses)[number];

export const whatsappStatusLabels: Record<WhatsappMessageStatus, string> = {
  queued: 'En cola',
  sent: 'Enviado',
  failed: 'Falló',
  received: 'Recibido',
};

export const whatsappMessageSchema = z.object({
  id: z.number(),
  leadId: z.number(),
  direction: z.enum(['out', 'in']),
  /** E.164. */
  phone: z.string(),
  body: z.string(),
  status: z.enum(whatsappMessageStatuses),
  attempts: z.number(),
  /** When a queued message is tried again; null once sent or failed. */
  nextAttemptAt: z.string().nullable(),
  /** The gateway's last answer (status and body, cut) when an attempt failed; '' otherwise. */
  gatewayResponse: z.string(),
  sentByName: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type WhatsappMessage = z.infer<typeof whatsappMessageSchema>;
export const whatsappMessageListSchema = z.array(whatsappMessageSchema);
