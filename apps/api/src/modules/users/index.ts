/** The users module's public face: its routes. */
export { userRoutes } from './routes';
