import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  apiErrorSchema,
  idParamsSchema,
  leadCaptureAcceptedSchema,
  leadCaptureFormSchema,
  leadCaptureHoneypotField,
  leadCaptureKeyParamsSchema,
  leadCaptureKeySchema,
  leadCaptureMessages as messages,
  leadCaptureRedirectField,
  leadCaptureSettingsInputSchema,
  leadCaptureSettingsSchema,
  managerRoles,
  whatsappWebhookParamsSchema,
  whatsappWebhookUrlSchema,
} from '@portal/domain';
import { AppError, badRequest } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { ifMatchOf, withETag } from '../../lib/conditional-write';
import { publicBaseUrl } from '../../lib/public-url';
import { readInboundMessage } from './inbound-message';
import type { CaptureBranch } from './repository';
import * as service from './service';

const tags = ['lead-capture'];
const security = [{ bearerAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 412: apiErrorSchema };
const publicErrors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

declare module 'fastify' {
  interface FastifyRequest {
    /** The branch a public web form's key opened (lead-capture routes only). */
    captureBranch: CaptureBranch | null;
  }
}

const isFormPost = (request: FastifyRequest) => String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
const originOf = (request: FastifyRequest) => (typeof request.headers.origin === 'string' ? request.headers.origin : null);

/**
 * The business's web forms (issue 20): POST /api/public/leads/{branchKey}, no session, the key is
 * the credential. Takes JSON (a site's fetch) and a plain HTML form's urlencoded body (parsed in
 * this plugin only: the rest of the API stays JSON). Browsers may call it from the branch's
 * listed origins only (CORS); a post carrying another Origin is refused. Registered through publicRoutes().
 */
export const leadCapturePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('captureBranch', null);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // CORS: only a listed origin is named back, on every answer (errors too, so the page can show them).
  app.addHook('onSend', async (request, reply) => {
    const origin = originOf(request);
    reply.header('vary', 'Origin');
    if (origin && request.captureBranch && service.originAllowed(request.captureBranch, origin)) {
      reply.header('access-control-allow-origin', origin);
    }
  });

  // A person who posted a plain form reads the refusal as a page, not as JSON; anything else goes to the app's handler.
  app.setErrorHandler((error, request, reply) => {
    if (!(error instanceof AppError) || !isFormPost(request) || error.statusCode >= 500) throw error;
    const reasons = error.details?.length ? error.details.map((detail) => detail.message) : [error.message];
    return reply.status(error.statusCode).type('text/html; charset=utf-8').serializer((payload: unknown) => String(payload)).send(refusalPage(reasons));
  });

  // The branch's key is the credential: hidden in the request's log line.
  const config = { credentialParam: 'branchKey' };

  app.options(
    '/api/public/leads/:branchKey',
    { config, schema: { tags, summary: 'Preflight CORS del formulario web', params: leadCaptureKeyParamsSchema, response: { 204: z.null(), ...publicErrors } } },
    async (request, reply) => {
      const branch = await service.branchForKey(app.db, request.params.branchKey);
      request.captureBranch = branch;
      const origin = originOf(request);
      if (!origin || !service.originAllowed(branch, origin)) throw new AppError(403, messages.originNotAllowed);
      reply.header('access-control-allow-methods', 'POST, OPTIONS');
      reply.header('access-control-allow-headers', 'Content-Type');
      reply.header('access-control-max-age', '600');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/public/leads/:branchKey',
    {
      config,
      // Before the body is validated: a wrong key is a 404 and a bot's filled honeypot a quiet 'thanks', whatever else it sent.
      preValidation: async (request, reply) => {
        const { branchKey } = request.params as { branchKey: string };
        const branch = await service.branchForKey(app.db, branchKey);
        request.captureBranch = branch;
        const origin = originOf(request);
        if (origin && !service.originAllowed(branch, origin)) throw new AppError(403, messages.originNotAllowed);
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (typeof body[leadCaptureHoneypotField] === 'string' && body[leadCaptureHoneypotField].trim()) {
          request.log.info('lead capture: honeypot filled, nothing stored');
          return sendAccepted(request, reply, branch, body[leadCaptureRedirectField]);
        }
      },
      schema: {
        tags,
        summary: 'Recibir un lead de un formulario web (JSON o formulario HTML); fuente «Sitio Web»',
        params: leadCaptureKeyParamsSchema,
        body: leadCaptureFormSchema,
        response: { 201: leadCaptureAcceptedSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      const branch = request.captureBranch!;
      await service.captureWebLead(app.db, branch, request.body);
      return sendAccepted(request, reply, branch, request.body[leadCaptureRedirectField]);
    },
  );
};

/**
 * What the person sees after posting: a fetch gets JSON; a plain form goes back to the page named
 * in `_redirect` (only on one of the branch's origins), or gets a small thank-you page.
 */
function sendAccepted(request: FastifyRequest, reply: FastifyReply, branch: CaptureBranch, redirect: unknown) {
  if (!isFormPost(request)) return reply.status(201).send({ message: messages.accepted });
  const target = service.allowedRedirect(branch, typeof redirect === 'string' ? redirect : '');
  if (target) return reply.redirect(target, 303);
  return reply.status(201).type('text/html; charset=utf-8').serializer((payload: unknown) => String(payload)).send(thanksPage);
}

const thanksPage = `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${messages.thanks}</title></head>
<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0">
<main><h1 style="font-size:1.5rem">${messages.thanks}</h1></main></body></html>`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function refusalPage(reasons: string[]): string {
  const items = reasons.map((reason) => `<li>${escapeHtml(reason)}</li>`).join('');
  return `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${messages.notSent}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem">
<main><h1 style="font-size:1.5rem">${messages.notSent}</h1><ul>${items}</ul><p>${messages.goBack}</p></main></body></html>`;
}

/** Media events carry base64 when the gateway is set so: larger than a form, and ignored. */
const WEBHOOK_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * The WhatsApp gateway's webhook (issue 20): Evolution API v2 and WAHA post every event to
 * /api/public/whatsapp/{token}. The call must prove it comes from the gateway (issue 28: WAHA's
 * HMAC of the raw body, or Evolution's secret header), else 401 and nothing written. A proven
 * call is answered 200 at once (gateways retry anything else); what is not a person's text
 * message, or is one already logged, is ignored. Registered through publicRoutes().
 */
export const whatsappWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // In this plugin only: the body stays the raw bytes the signature covers; JSON is read after the check.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/api/public/whatsapp/:webhookToken',
    {
      // A gateway posts every event of the branch's WhatsApp: more than a person would.
      config: { credentialParam: 'webhookToken', rateLimit: { max: 600, timeWindow: 60_000 } },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Webhook de la pasarela de WhatsApp (Evolution API v2 o WAHA): un primer mensaje crea un lead',
        params: whatsappWebhookParamsSchema,
        body: z.unknown(),
        response: { 200: z.object({ received: z.boolean() }), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const branchId = await service.branchForWebhookCall(app.db, app.secretBox, request.params.webhookToken, { headers: request.headers, raw, now: Date.now() });
      const message = readInboundMessage(parseJson(raw));
      if (!message) return { received: true };
      try {
        const outcome = await service.receiveMessage(app.db, branchId, message);
        request.log.info({ branchId, outcome }, 'whatsapp webhook: message received');
      } catch (error) {
        // Answered 200 all the same: a retry storm would not store it either; the log says why.
        request.log.error({ err: error, branchId }, 'whatsapp webhook: could not store the message');
      }
      return { received: true };
    },
  );
};

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw badRequest(messages.webhookNotJson);
  }
}

/** Managers set up their branch's capture (admins any branch); agents and approvers do not. */
export const leadCaptureSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireRole(managerRoles));

  app.get(
    '/api/branches/:id/lead-capture',
    { schema: { tags, security, summary: 'Captura de leads de la sucursal: orígenes, clave y pasarela', params: idParamsSchema, response: { 200: leadCaptureSettingsSchema, ...errors } } },
    async (request, reply) => withETag(reply, await service.settings(app.db, currentUser(request), request.params.id, publicBaseUrl(request))),
  );

  app.put(
    '/api/branches/:id/lead-capture',
    {
      schema: {
        tags,
        security,
        summary: 'Guardar los orígenes (sitios) que pueden enviar el formulario (If-Match: "v{versión}" opcional; 412 si otra persona guardó antes)',
        params: idParamsSchema,
        body: leadCaptureSettingsInputSchema,
        response: { 200: leadCaptureSettingsSchema, ...errors },
      },
    },
    async (request, reply) =>
      withETag(reply, await service.saveOrigins(app.db, currentUser(request), request.params.id, request.body.origins, publicBaseUrl(request), ifMatchOf(request))),
  );

  app.post(
    '/api/branches/:id/lead-capture/key',
    {
      schema: {
        tags,
        security,
        summary: 'Generar una nueva clave del formulario (se muestra solo esta vez; la anterior deja de funcionar)',
        params: idParamsSchema,
        response: { 201: leadCaptureKeySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.rotateKey(app.db, currentUser(request), request.params.id, publicBaseUrl(request))),
  );

  app.post(
    '/api/branches/:id/whatsapp-gateway/webhook-token',
    {
      schema: {
        tags,
        security,
        summary: 'Generar una nueva URL y clave de firma del webhook de la pasarela (se muestran solo esta vez; las anteriores dejan de funcionar)',
        params: idParamsSchema,
        response: { 201: whatsappWebhookUrlSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.rotateWebhookToken(app.db, app.secretBox, currentUser(request), request.params.id, publicBaseUrl(request))),
  );
};
