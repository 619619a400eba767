import { staffRoutes } from '../../plugins/auth';
import { accountRoutes } from './routes';

/** The account module's public face ('Mi cuenta'): its routes. */
// Its routes as app.ts registers them: every one wants a session.
export const accountModule = staffRoutes(accountRoutes);
