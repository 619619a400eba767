/** The account module's public face ('Mi cuenta'): its routes. */
export { accountRoutes } from './routes';
