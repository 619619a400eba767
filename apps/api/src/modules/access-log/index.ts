export { accessLogRoutes } from './routes';
export { recordAccess } from './service';
