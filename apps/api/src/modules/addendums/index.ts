/** The addendums module's public face: its routes, what the demo seed drives, and a policy's addendums for its expediente. */
export { addendumRoutes } from './routes';
export { cancelAddendum, createAddendum, listPolicyAddendums } from './service';
