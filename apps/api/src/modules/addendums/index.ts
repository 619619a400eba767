import { staffRoutes } from '../../plugins/auth';
import { addendumRoutes } from './routes';

/** The addendums module's public face: its routes, what the demo seed drives, and a policy's addendums for its expediente. */
// Its routes as app.ts registers them: every one wants a session.
export const addendumsModule = staffRoutes(addendumRoutes);
export { cancelAddendum, createAddendum, listPolicyAddendums } from './service';
