/** The health module's public face: liveness (/api/health) and readiness (/api/health/ready). */
export { healthRoutes as healthModule } from './routes';
