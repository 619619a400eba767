/** The jobs module's public face: the admin's routes over the queue's runs. */
export { jobRoutes } from './routes';
