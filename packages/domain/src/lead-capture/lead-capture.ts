import { z } from 'zod';
import { messages } from '../common/messages';
import { normalizePhone } from '../common/phones';

/**
 * Leads that arrive by themselves (issue 20): the business's web forms post to
 * POST /api/public/leads/{branchKey}, and the branch's WhatsApp gateway calls a webhook.
 */

/** The hidden field a person never fills; a bot that fills every input is answered as if accepted, and nothing is kept. */
export const leadCaptureHoneypotField = 'sitio_web';

/** The optional field of a plain HTML form: where to send the person after posting (a page of a listed origin). */
export const leadCaptureRedirectField = '_redirect';

/** The source of each way in (spec's list of sources). */
export const leadCaptureSources = { webForm: 'Sitio Web', whatsapp: 'WhatsApp' } as const;

export const leadCaptureMessages = {
  title: 'Captura de leads',
  thanks: 'Gracias, le contactaremos pronto.',
  accepted: 'Recibimos sus datos. Gracias, le contactaremos pronto.',
  notSent: 'No pudimos recibir sus datos',
  goBack: 'Regrese a la página anterior, corrija los datos e intente de nuevo.',
  invalidKey: 'El formulario no existe o su clave ya no es válida',
  originNotAllowed: 'Este sitio no puede enviar leads a esta sucursal',
  phoneRequired: 'Indique un teléfono o un número de WhatsApp',
  invalidPhone: (label: string) => `El campo ${label} no es un número de teléfono válido`,
  invalidOrigin: (origin: string) => `«${origin}» no es un origen válido: use https://dominio (sin ruta), o http://localhost:puerto para pruebas`,
  tooManyOrigins: 'Se admiten como máximo 20 orígenes',
  invalidWebhookToken: 'El webhook no existe o su token ya no es válido',
  webhookNotSigned: 'La llamada al webhook no trae una firma válida de la pasarela',
  webhookNotJson: 'El cuerpo de la llamada al webhook no es JSON',
  noGateway: 'La sucursal aún no tiene una pasarela de WhatsApp configurada',
  branchNotFound: 'La sucursal no existe',
  otherBranch: 'Solo puede configurar la captura de leads de su sucursal',
  emailLabel: 'Correo',
} as const;

export const leadCaptureFieldLabels = {
  name: 'Nombre',
  phone: 'Teléfono',
  phonewhats: 'WhatsApp',
  email: 'Correo electrónico',
  message: 'Mensaje',
} as const;

const label = leadCaptureFieldLabels;

/** A text field a form may leave out or send empty: '' then. Numbers of a JSON client are read as text. */
function formText(field: string, max: number) {
  return z
    .union([z.string(), z.number()], { error: messages.invalidOption(field) })
    .nullish()
    .transform((value) => (value === null || value === undefined ? '' : String(value).trim()))
    .refine((value) => value.length <= max, messages.tooLong(field, max));
}

/** A phone a person typed, kept as E.164 ('' when left empty); anything that is no number is a 400 naming the field. */
function formPhone(field: string) {
  return formText(field, 40).transform((value, context) => {
    if (!value) return '';
    const e164 = normalizePhone(value);
    if (!e164) context.addIssue({ code: 'custom', message: leadCaptureMessages.invalidPhone(field) });
    return e164 ?? '';
  });
}

/**
 * The public form (JSON or a plain HTML form's urlencoded body): a name, and a phone and/or a
 * WhatsApp number; e-mail and message optional. The honeypot and redirect fields are read apart.
 */
export const leadCaptureFormSchema = z
  .object({
    name: formText(label.name, 200).refine((value) => value.length > 0, messages.required(label.name)),
    phone: formPhone(label.phone),
    phonewhats: formPhone(label.phonewhats),
    email: formText(label.email, 254).refine((value) => value === '' || z.email().safeParse(value).success, messages.invalidEmail),
    message: formText(label.message, 2000),
    [leadCaptureHoneypotField]: formText('Sitio web', 500),
    [leadCaptureRedirectField]: formText('Redirección', 1000),
  })
  .superRefine((form, context) => {
    if (!form.phone && !form.phonewhats) context.addIssue({ code: 'custom', path: ['phone'], message: leadCaptureMessages.phoneRequired });
  });
export type LeadCaptureForm = z.output<typeof leadCaptureFormSchema>;

/** The lead's first note: the person's message, and the e-mail they left (leads keep no e-mail column). */
export function leadCaptureFirstNote(form: Pick<LeadCaptureForm, 'email' | 'message'>): string {
  const parts = [form.message, form.email ? `${leadCaptureMessages.emailLabel}: ${form.email}` : ''].filter(Boolean);
  return parts.join('\n\n');
}

// --- settings -----------------------------------------------------------------------------------

/**
 * An origin a web form may post from: `https://host[:port]` with no path, query or user, or
 * `http://localhost:port` / `http://127.0.0.1:port` for testing. Answers the canonical form
 * (lower-case host, no trailing slash), or null.
 */
export function normalizeLeadCaptureOrigin(text: string): string | null {
  const match = /^(https?):\/\/([^/?#:@\s]+)(?::(\d{1,5}))?\/?$/i.exec(text.trim());
  if (!match) return null;
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.toLowerCase();
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(host)) return null;
  const local = host === 'localhost' || host === '127.0.0.1';
  if (scheme === 'http' && !local) return null;
  const port = match[3] ? Number(match[3]) : null;
  if (port !== null && (port < 1 || port > 65535)) return null;
  // As browsers send it in the Origin header: the scheme's default port is left out.
  const defaultPort = scheme === 'https' ? 443 : 80;
  return `${scheme}://${host}${port === null || port === defaultPort ? '' : `:${port}`}`;
}

/** PUT /api/branches/{id}/lead-capture: the origins, each checked and made canonical, repeats dropped. */
export const leadCaptureSettingsInputSchema = z.object({
  origins: z
    .array(z.string({ error: messages.invalidOption('Orígenes') }).max(300, messages.tooLong('Origen', 300)), { error: messages.invalidOption('Orígenes') })
    .max(20, leadCaptureMessages.tooManyOrigins)
    .transform((origins, context) => {
      const canonical: string[] = [];
      for (const origin of origins.map((value) => value.trim()).filter(Boolean)) {
        const normalized = normalizeLeadCaptureOrigin(origin);
        if (!normalized) context.addIssue({ code: 'custom', message: leadCaptureMessages.invalidOrigin(origin) });
        else if (!canonical.includes(normalized)) canonical.push(normalized);
      }
      return canonical;
    }),
});
export type LeadCaptureSettingsInput = z.output<typeof leadCaptureSettingsInputSchema>;

/** GET /api/branches/{id}/lead-capture. */
export const leadCaptureSettingsSchema = z.object({
  branchId: z.number(),
  origins: z.array(z.string()),
  /** Whether a key was ever generated; the key itself is shown once, when generated. */
  hasKey: z.boolean(),
  /** The form's address without its key: `{PUBLIC_URL}/api/public/leads/` (the key follows). */
  endpointBase: z.string(),
  /**
   * The branch's WhatsApp gateway (set in the WhatsApp screen), whether its webhook has a token,
   * and whether it has a signing key (issue 28: without one every delivery is refused).
   */
  gateway: z.object({ configured: z.boolean(), webhookTokenSet: z.boolean(), webhookSecretSet: z.boolean() }),
  /** The branch's version (these settings live on its row), sent back in If-Match by the origins' save (decision 023). */
  version: z.number().int(),
});
export type LeadCaptureSettings = z.infer<typeof leadCaptureSettingsSchema>;

/** POST /api/branches/{id}/lead-capture/key: the new key and the form's full address, shown this once. */
export const leadCaptureKeySchema = z.object({ key: z.string(), endpointUrl: z.string() });
export type LeadCaptureKey = z.infer<typeof leadCaptureKeySchema>;

/**
 * How a gateway proves a webhook call is its own (issue 28), beside the URL's token:
 * - WAHA signs each call with the key: `X-Webhook-Hmac` = hex HMAC-SHA512 of the raw body,
 *   `X-Webhook-Hmac-Algorithm: sha512`, `X-Webhook-Timestamp` in milliseconds (at most
 *   `webhookMaxAgeMs` old);
 * - Evolution API v2 sends the custom headers of its webhook settings: `X-Webhook-Secret` = the key.
 */
export const whatsappWebhookHeaders = {
  hmac: 'X-Webhook-Hmac',
  algorithm: 'X-Webhook-Hmac-Algorithm',
  timestamp: 'X-Webhook-Timestamp',
  secret: 'X-Webhook-Secret',
} as const;
export const webhookMaxAgeMs = 5 * 60_000;

/** POST /api/branches/{id}/whatsapp-gateway/webhook-token: the webhook's full URL and its signing key, shown this once. */
export const whatsappWebhookUrlSchema = z.object({ webhookUrl: z.string(), webhookSecret: z.string() });
export type WhatsappWebhookUrl = z.infer<typeof whatsappWebhookUrlSchema>;

/** What the public endpoint answers a JSON client. */
export const leadCaptureAcceptedSchema = z.object({ message: z.string() });

/** `{branchKey}` / `{webhookToken}`: base64url text of a sane length (anything else is the same 404). */
export const leadCaptureKeyParamsSchema = z.object({ branchKey: z.string().max(200) });
export const whatsappWebhookParamsSchema = z.object({ webhookToken: z.string().max(200) });

/**
 * The ready-to-paste HTML form for a branch's web site: the spec's fields, the honeypot hidden
 * from people (and from screen readers and autofill), and an optional page to return to.
 */
export function leadCaptureFormSnippet(endpointUrl: string, redirectUrl = ''): string {
  const redirect = redirectUrl ? `\n  <input type="hidden" name="${leadCaptureRedirectField}" value="${escapeAttribute(redirectUrl)}">` : '';
  return `<form method="post" action="${escapeAttribute(endpointUrl)}">
  <label>Nombre <input name="name" required maxlength="200" autocomplete="name"></label>
  <label>Teléfono <input name="phone" type="tel" autocomplete="tel"></label>
  <label>WhatsApp <input name="phonewhats" type="tel"></label>
  <label>Correo electrónico <input name="email" type="email" autocomplete="email"></label>
  <label>Mensaje <textarea name="message" maxlength="2000"></textarea></label>
  <div style="position:absolute;left:-10000px" aria-hidden="true">
    <label>No llene este campo <input name="${leadCaptureHoneypotField}" tabindex="-1" autocomplete="off"></label>
  </div>${redirect}
  <button type="submit">Enviar</button>
</form>`;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
