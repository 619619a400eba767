import { staffRoutes } from '../../plugins/auth';
import { userRoutes } from './routes';

/** The users module's public face: its routes. */
// Its routes as app.ts registers them: every one wants a session.
export const usersModule = staffRoutes(userRoutes);
