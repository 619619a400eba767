/** The expediente's module (issue 14): its route, which reads through the policies' neighbours. */
export { policyFileRoutes } from './routes';
