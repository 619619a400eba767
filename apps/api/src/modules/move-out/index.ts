import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { publicRoutes } from '../../plugins/public-routes';
import { moveOutPublicRoutes } from './public-routes';
import { moveOutRoutes } from './routes';

/**
 * 'Entrega del inmueble' (issue 32): the acta de entrega-recepción, its photos and the deposit's
 * settlement (staff), and the owner's or tenant's photo page (the token is the credential).
 */
export const moveOutModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffRoutes(moveOutRoutes));
  await app.register(publicRoutes(moveOutPublicRoutes));
};
