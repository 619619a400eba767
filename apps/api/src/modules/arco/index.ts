import { staffRoutes } from '../../plugins/auth';
import { arcoRoutes } from './routes';

/** ARCO requests (issue 19, LFPDPPP): find a person's records, export them, anonymise them. */
// Its routes as app.ts registers them: every one wants a session.
export const arcoModule = staffRoutes(arcoRoutes);
