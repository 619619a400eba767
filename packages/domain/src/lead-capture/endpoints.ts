import { endpoint } from '../common/endpoint';
import { idParamsSchema } from '../common/fields';
import { leadCaptureKeySchema, leadCaptureSettingsInputSchema, leadCaptureSettingsSchema, whatsappWebhookUrlSchema } from './lead-capture';

/** A branch's lead capture settings: the web form's origins and key, the gateway's webhook (decision 024). */
export const leadCaptureEndpoints = {
  settings: endpoint({ method: 'GET', path: '/api/branches/:id/lead-capture', params: idParamsSchema, response: leadCaptureSettingsSchema }),
  saveOrigins: endpoint({ method: 'PUT', path: '/api/branches/:id/lead-capture', params: idParamsSchema, body: leadCaptureSettingsInputSchema, response: leadCaptureSettingsSchema }),
  rotateKey: endpoint({ method: 'POST', path: '/api/branches/:id/lead-capture/key', params: idParamsSchema, response: leadCaptureKeySchema, status: 201 }),
  rotateWebhookToken: endpoint({ method: 'POST', path: '/api/branches/:id/whatsapp-gateway/webhook-token', params: idParamsSchema, response: whatsappWebhookUrlSchema, status: 201 }),
};
