import { staffRoutes } from '../../plugins/auth';
import { whatsappRoutes } from './routes';

/** The WhatsApp module's public face: its routes, the delivery the job queue runs, and how leads keep their own key (issue 20). */
// Its routes as app.ts registers them: every one wants a session.
export const whatsappModule = staffRoutes(whatsappRoutes);
export { deliverDueWhatsappMessages, type GatewayLog } from './delivery';
export type { GatewayHosts } from './gateway-address';
export { maskedLeadApiKey, sealLeadApiKey } from './lead-keys';
