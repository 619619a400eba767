import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client';

/**
 * Asesores and inmobiliarias (issue 34): the directory, their commissions (earned only as the
 * fee is collected), payouts with withholdings, and the monthly statement (JSON, PDF, CSV).
 */
export const brokersModule: FastifyPluginAsyncZod = async () => {};

/**
 * For the fees module, inside the transaction that recorded or reversed a fee payment: brings the
 * policy's commission entries in line with what was collected (issue 34).
 */
export async function syncPolicyCommissions(_tx: Executor, _policyId: number): Promise<void> {
  // Written by the brokers' work: until then a payment earns nothing.
}
