/** The leads module's public face: its routes, and what the demo seed drives. */
export { leadRoutes } from './routes';
export { addNote, changeStatus, createLead } from './service';
