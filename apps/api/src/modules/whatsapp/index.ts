/** The WhatsApp module's public face: its routes, the delivery the job queue runs, and how leads keep their own key (issue 20). */
export { whatsappRoutes } from './routes';
export { deliverDueWhatsappMessages, type GatewayLog } from './delivery';
export type { GatewayHosts } from './gateway-address';
export { maskedLeadApiKey, sealLeadApiKey } from './lead-keys';
