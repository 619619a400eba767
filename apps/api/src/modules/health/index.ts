/** The health module's public face: its route. */
export { healthRoutes } from './routes';
