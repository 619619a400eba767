import { staffRoutes } from '../../plugins/auth';
import { accessLogRoutes } from './routes';

// Its routes as app.ts registers them: every one wants a session.
export const accessLogModule = staffRoutes(accessLogRoutes);
export { recordAccess } from './service';
