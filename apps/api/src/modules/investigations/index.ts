/** The investigations module's public face: its routes. */
export { investigationRoutes } from './routes';
