/** The jobs module's public face: the admin's routes over the queue's runs, and its depth for /metrics. */
export { jobRoutes } from './routes';
export { queueDepths } from './service';
