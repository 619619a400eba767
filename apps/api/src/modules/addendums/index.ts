/** The addendums module's public face: its routes, and what the demo seed drives. */
export { addendumRoutes } from './routes';
export { cancelAddendum, createAddendum } from './service';
