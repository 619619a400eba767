import { staffRoutes } from '../../plugins/auth';
import { jobRoutes } from './routes';

/** The jobs module's public face: the admin's routes over the queue's runs, and its depth for /metrics. */
// Its routes as app.ts registers them: every one wants a session.
export const jobsModule = staffRoutes(jobRoutes);
export { queueDepths } from './service';
