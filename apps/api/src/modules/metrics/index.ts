/** The metrics module's public face: GET /metrics for Prometheus. */
export { metricsRoutes as metricsModule } from './routes';
