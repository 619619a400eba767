import { staffRoutes } from '../../plugins/auth';
import { rentRoutes } from './routes';

/** The policy's year of rents (issue 32): its routes (every one wants a session) and the daily job's work. */
export const rentsModule = staffRoutes(rentRoutes);
export { runRentArrears } from './arrears';
export { arrearsReport } from './aging';
