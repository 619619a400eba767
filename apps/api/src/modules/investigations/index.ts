/** The investigations module's public face: its routes, and a policy's documents checklist (the expediente). */
export { investigationRoutes } from './routes';
export { publicUploadRoutes } from './public-routes';
export { policyDocumentChecklist } from './service';
