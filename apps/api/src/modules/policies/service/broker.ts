import { brokerMessages, type PolicyInput } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { invalidField } from '../../../lib/app-error';
import { branchBroker } from '../repository/broker';

/**
 * The policy's asesor or inmobiliaria (issue 34): one of the policy's branch and active — or the
 * one it already has, even if deactivated since (re-saving the form must not fail on it) — else a
 * 400 naming the field. The text name follows the chosen broker, so clients that read only
 * realEstateInfo.name see it; without a broker the text stays as typed.
 */
export async function withPolicyBroker(db: Executor, input: PolicyInput, branchId: number, currentBrokerId: number | null = null): Promise<PolicyInput> {
  const info = input.property.rent.realEstateInfo;
  if (info.brokerId === null) return input;
  const broker = await branchBroker(db, info.brokerId, branchId);
  if (!broker || (broker.status !== 'active' && info.brokerId !== currentBrokerId)) {
    throw invalidField('property.rent.realEstateInfo.brokerId', brokerMessages.policyBroker);
  }
  return { ...input, property: { ...input.property, rent: { ...input.property.rent, realEstateInfo: { ...info, name: broker.name } } } };
}
