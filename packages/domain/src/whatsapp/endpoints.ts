import { endpoint } from '../common/endpoint';
import { noContentSchema } from '../common/endpoint-answers';
import { idParamsSchema } from '../common/fields';
import {
  whatsappGatewayAnswerSchema,
  whatsappGatewayInputSchema,
  whatsappGatewaySchema,
  whatsappLeadTemplateListSchema,
  whatsappMessageListSchema,
  whatsappMessageSchema,
  whatsappSendInputSchema,
  whatsappTemplateInputSchema,
  whatsappTemplateListSchema,
  whatsappTemplateSchema,
  whatsappTemplatesQuerySchema,
} from './whatsapp';

/** WhatsApp: a branch's gateway and templates, a lead's log and send (decision 024). */
export const whatsappEndpoints = {
  gateway: endpoint({ method: 'GET', path: '/api/branches/:id/whatsapp-gateway', params: idParamsSchema, response: whatsappGatewayAnswerSchema }),
  saveGateway: endpoint({ method: 'PUT', path: '/api/branches/:id/whatsapp-gateway', params: idParamsSchema, body: whatsappGatewayInputSchema, response: whatsappGatewaySchema }),
  templates: endpoint({ method: 'GET', path: '/api/whatsapp/templates', query: whatsappTemplatesQuerySchema, response: whatsappTemplateListSchema }),
  createTemplate: endpoint({ method: 'POST', path: '/api/whatsapp/templates', body: whatsappTemplateInputSchema, response: whatsappTemplateSchema, status: 201 }),
  updateTemplate: endpoint({ method: 'PUT', path: '/api/whatsapp/templates/:id', params: idParamsSchema, body: whatsappTemplateInputSchema, response: whatsappTemplateSchema }),
  deleteTemplate: endpoint({ method: 'DELETE', path: '/api/whatsapp/templates/:id', params: idParamsSchema, response: noContentSchema, status: 204 }),
  leadMessages: endpoint({ method: 'GET', path: '/api/leads/:id/whatsapp', params: idParamsSchema, response: whatsappMessageListSchema }),
  leadTemplates: endpoint({ method: 'GET', path: '/api/leads/:id/whatsapp/templates', params: idParamsSchema, response: whatsappLeadTemplateListSchema }),
  send: endpoint({ method: 'POST', path: '/api/leads/:id/whatsapp', params: idParamsSchema, body: whatsappSendInputSchema, response: whatsappMessageSchema, status: 201 }),
};
