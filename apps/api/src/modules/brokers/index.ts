import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { brokerMoneyRoutes, type BrokerModuleOptions } from './money-routes';
import { brokerDirectoryRoutes } from './routes';

/**
 * Asesores and inmobiliarias (issue 34): the directory, their commissions (earned only as the
 * fee is collected), payouts with withholdings, and the monthly statement (JSON, PDF, CSV). The
 * statement's PDF is drawn by the contracts module's engine, handed in by app.ts (importing it
 * here would close a cycle: contracts reads policies, which reach the fees and so this module).
 */
export const brokersModule: FastifyPluginAsyncZod<BrokerModuleOptions> = async (app, options) => {
  await app.register(staffRoutes(brokerDirectoryRoutes));
  await app.register(staffRoutes(brokerMoneyRoutes), options);
};

/**
 * For the fees module, inside the transaction that recorded or reversed a fee payment or changed
 * the fee: brings the policy's commission entries in line with what was collected (issue 34).
 */
export { syncPolicyCommissions } from './sync';
