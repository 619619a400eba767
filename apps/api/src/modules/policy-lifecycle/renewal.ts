import {
  canRenewRole,
  dayAfter,
  policyDisplayFolio,
  policyLifecycleMessages,
  policyMessages,
  renewableStatuses,
  type PolicyInput,
  type Renewal,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { conflict, ensure, forbidden, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope } from '../../lib/branch-scope';
import { notifyRenewalCreated } from '../notifications/index';
import { getPolicy, insertEvent, insertWholePolicy, lockPolicy, noteLines, rowValues, updatePolicyRow, withNewFolio } from '../policies/index';
import { renewalRent } from './renewal-rent';
import { branchRentCap, isActiveUserOfBranch } from './repository';

/** The folio a history note names a policy by: its number, or its investigation folio before it has one. */
const folioOf = policyDisplayFolio;

/**
 * POST /api/policy/{id}/renew: a new policy in 'Creada' with the same people, property and rent
 * (new rows, no documents), its term starting the day after the old one ends, linked both ways
 * with an event on each history, all in one transaction. A policy is renewed once (409 after).
 * `rentCents`, when given, is the renewal's rent: above the branch's cap it is kept with a warning
 * (issue 32), answered and written in the new policy's history.
 */
export async function renewPolicy(db: Db, actor: AuthUser, id: number, rentCents?: number): Promise<Renewal> {
  let rentWarning: string | null = null;
  if (!canRenewRole(actor.role)) throw forbidden(policyLifecycleMessages.renewRoleForbidden);
  const renewalId = await withNewFolio(db, (drawFolio) =>
    db.transaction(async (tx) => {
      const locked = ensure(await lockPolicy(tx, id, actorScope(actor)), notFound(policyMessages.notFound));
      if (locked.renewedToPolicyId !== null) throw conflict(policyLifecycleMessages.alreadyRenewed);
      if (!renewableStatuses.includes(locked.status)) throw conflict(policyLifecycleMessages.notRenewable);
      const old = await getPolicy(tx, actor, id);
      const rent = renewalRent(old.property.rent.price, rentCents, await branchRentCap(tx, old.branchId));
      rentWarning = rent.warning;
      const input = renewalInput(old, rent.price);
      const investigationId = await drawFolio(tx);
      const now = new Date();
      // The renewal stays the policy's agent's (issue 29), unless they no longer work the branch.
      const agentId = old.userId !== null && (await isActiveUserOfBranch(tx, old.userId, old.branchId)) ? old.userId : actor.id;
      const newId = await insertWholePolicy(tx, { ...rowValues(input, investigationId), branchId: old.branchId, userId: agentId, renewedFromPolicyId: id }, input);
      await updatePolicyRow(tx, id, { renewedToPolicyId: newId, updatedAt: now, updatedBy: actor.id });
      const event = { userId: actor.id, changes: [] };
      await insertEvent(tx, { ...event, policyId: id, fromStatus: null, toStatus: null, note: policyLifecycleMessages.renewedAsNote(investigationId) });
      const created = noteLines('Póliza creada', policyLifecycleMessages.renewalOfNote(folioOf(old)), policyLifecycleMessages.renewalAgentNote(agentId === old.userId), rent.note);
      await insertEvent(tx, { ...event, policyId: newId, fromStatus: null, toStatus: 'created', note: created });
      // The agent and the branch manager hear of it with the renewal, or not at all.
      await notifyRenewalCreated(tx, { oldPolicyId: id, newPolicyId: newId, actorUserId: actor.id });
      return newId;
    }),
  );
  return { ...(await getPolicy(db, actor, renewalId)), rentWarning };
}

/** The renewal's form values: the old policy's, without ids, numbers or documents, its term next. */
function renewalInput(old: Awaited<ReturnType<typeof getPolicy>>, price: number): PolicyInput {
  const { property } = old;
  const { id: _rent, ...rent } = property.rent;
  const { id: _owner, ...owner } = property.owner;
  return {
    isElectronicSignature: old.isElectronicSignature,
    policyNumber: '',
    status: 'created',
    previousPolicy: old.policyNumber,
    policyType: old.policyType,
    termMonths: old.termMonths,
    specialnote: old.specialnote,
    branchId: old.branchId,
    guarantorRequired: old.guarantorRequired,
    tenants: old.tenants.map(({ id: _id, references, ...tenant }) => ({
      ...tenant,
      id: undefined,
      references: references.map(({ id: _ref, ...reference }) => reference),
    })),
    guarantors: old.guarantors.map(({ id: _id, vehicle, ...guarantor }) => ({
      ...guarantor,
      id: undefined,
      vehicle: vehicle ? { brand: vehicle.brand, model: vehicle.model, year: vehicle.year, color: vehicle.color, licensePlate: vehicle.licensePlate } : null,
    })),
    property: {
      owner,
      address: property.address,
      propertyType: property.propertyType,
      parkingSpots: property.parkingSpots,
      identification: property.identification,
      services: property.services,
      commercialUse: property.commercialUse,
      commercialServices: property.commercialServices,
      commercialServicesDetails: property.commercialServicesDetails,
      specialObjects: property.specialObjects,
      specialObjectsDetails: property.specialObjectsDetails,
      description: property.description,
      rent: { ...rent, price, contractStartDate: old.endDate ? dayAfter(old.endDate) : null },
    },
  };
}
