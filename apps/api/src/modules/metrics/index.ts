/** The metrics module's public face: GET /metrics for Prometheus. */
export { metricsRoutes } from './routes';
