import {
  businessDate,
  centsToMoney,
  moneyToCents,
  moveOutMessages,
  settleDeposit,
  versionMatches,
  type IfMatch,
  type MoveOutActa,
  type MoveOutState,
  type MoveOutValues,
  type Settlement,
} from '@portal/domain';
import { readTogether, type Db, type Executor } from '../../db/client';
import { conflict, ensure, invalidField, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope } from '../../lib/branch-scope';
import { staleVersion } from '../../lib/conditional-write';
import type { FileStore } from '../../lib/file-store';
import { pdfRenderingReady } from '../contracts/index';
import { documentRound, startDocumentRound, type DocumentRound } from '../e-signature/index';
import { insertEvent, loadPolicies } from '../policies/index';
import { rentLedger } from '../rents/index';
import { renderActa } from './pdf';
import * as repo from './repository';

/*
 * The acta de entrega-recepción (issue 32): one per policy in force or ended, a draft saved whole
 * with its version (If-Match, 412), frozen by 'Enviar a firma', which draws its PDF and starts
 * the owner's and the tenant's signing round in the same transaction. The deposit comes from the
 * policy, the rent owed from the rents ledger; the settlement is the domain's, in cents.
 */

const cents = (money: string | null) => (money === null ? 0 : (moneyToCents(money) ?? 0));

/** The policy, in the actor's branch (404 otherwise). */
async function policyFor(db: Executor, actor: AuthUser, policyId: number, lock = false): Promise<repo.ActaPolicy> {
  return ensure(await repo.findActaPolicy(db, policyId, actorScope(actor), lock), notFound(moveOutMessages.notFound));
}

/** A cancelled policy has no acta (409); one not yet in force neither. */
function ensureActaPolicy(policy: repo.ActaPolicy): void {
  if (policy.status === 'cancelled') throw conflict(moveOutMessages.cancelled);
  if (!['active', 'expiring', 'expired'].includes(policy.status)) throw conflict(moveOutMessages.notInForce);
}

/** Rent owed for the months due up to the delivery day (today while no day is set): the rents module's ledger. */
async function unpaidRentCents(db: Executor, actor: AuthUser, policyId: number, upTo: string): Promise<number> {
  const ledger = await rentLedger(db, actor, policyId);
  if (!ledger.scheduled) return 0;
  return ledger.rows.filter((row) => row.dueOn <= upTo).reduce((sum, row) => sum + cents(row.owed), 0);
}

async function settlementOf(db: Executor, actor: AuthUser, policy: repo.ActaPolicy, acta: repo.ActaRow | null): Promise<Settlement> {
  // Once sent, the figures are the ones the PDF says, whatever the ledger does afterwards.
  const frozen = acta?.depositAtSend != null && acta.unpaidRentAtSend != null;
  const upTo = acta?.deliveredOn ?? businessDate();
  return settleDeposit({
    depositCents: frozen ? cents(acta.depositAtSend) : cents(policy.deposit),
    damagesCents: (acta?.damages ?? []).map((damage) => damage.amountCents),
    unpaidRentCents: frozen ? cents(acta.unpaidRentAtSend) : await unpaidRentCents(db, actor, policy.id, upTo),
    unpaidServicesCents: cents(acta?.unpaidServices ?? null),
  });
}

function stateOf(acta: repo.ActaRow | null, round: DocumentRound | null): MoveOutState {
  if (!acta || acta.state === 'draft') return 'draft';
  return round?.status === 'completed' ? 'signed' : 'signing';
}

async function actaView(db: Executor, actor: AuthUser, policy: repo.ActaPolicy, acta: repo.ActaRow | null): Promise<MoveOutActa> {
  const [settlement, photos, round] = await readTogether(db, [
    () => settlementOf(db, actor, policy, acta),
    () => (acta ? repo.listPhotos(db, policy.id) : Promise.resolve([])),
    () => (acta?.signingRoundId ? documentRound(db, acta.signingRoundId) : Promise.resolve(null)),
  ]);
  return {
    policyId: policy.id,
    folio: policy.folio,
    exists: acta !== null,
    state: stateOf(acta, round),
    deliveredOn: acta?.deliveredOn ?? null,
    keysCount: acta?.keysCount ?? 0,
    keysNotes: acta?.keysNotes ?? '',
    meters: { water: acta?.meterWater ?? '', electricity: acta?.meterElectricity ?? '', gas: acta?.meterGas ?? '' },
    rooms: (acta?.rooms ?? []).map((room) => ({
      ...room,
      photos: photos
        .filter((photo) => photo.roomKey === room.key)
        .map((photo) => ({
          id: photo.id,
          fileName: photo.fileName,
          takenBy: photo.party === 'owner' ? 'Propietario (por enlace)' : photo.party === 'tenant' ? 'Inquilino (por enlace)' : photo.uploadedByName || 'Personal de la oficina',
          createdAt: photo.createdAt.toISOString(),
        })),
    })),
    damages: (acta?.damages ?? []).map((damage) => ({ description: damage.description, amount: centsToMoney(damage.amountCents) })),
    unpaidServices: centsToMoney(cents(acta?.unpaidServices ?? null)),
    unpaidServicesNotes: acta?.unpaidServicesNotes ?? '',
    settlement: {
      deposit: centsToMoney(settlement.depositCents),
      damages: centsToMoney(settlement.damagesCents),
      unpaidRent: centsToMoney(settlement.unpaidRentCents),
      unpaidServices: centsToMoney(settlement.unpaidServicesCents),
      balance: centsToMoney(settlement.balanceCents),
      kind: settlement.kind,
      label: settlement.label,
    },
    signing: round && { status: round.status, signers: round.signers },
    hasPdf: Boolean(round?.signedStoredName ?? round?.storedName),
    updatedBy: acta?.updatedByName || null,
    updatedAt: acta?.updatedAt.toISOString() ?? null,
    version: acta?.version ?? 0,
  };
}

/** GET /api/policy/{id}/move-out: the acta, or an empty draft (version 0) before the first save. */
export async function getActa(db: Db, actor: AuthUser, policyId: number): Promise<MoveOutActa> {
  const policy = await policyFor(db, actor, policyId);
  return actaView(db, actor, policy, await repo.findActa(db, policyId));
}

function ensureCurrent(acta: repo.ActaRow | null, ifMatch: IfMatch | undefined): void {
  if (!versionMatches(ifMatch, acta?.version ?? 0)) throw staleVersion(acta?.updatedByName || null, acta?.updatedAt ?? new Date());
}

/** PUT /api/policy/{id}/move-out: the whole draft, one transaction under the policy's lock. */
export async function saveActa(db: Db, actor: AuthUser, policyId: number, input: MoveOutValues, ifMatch: IfMatch | undefined, now = new Date()): Promise<MoveOutActa> {
  if (input.deliveredOn > businessDate(now)) throw invalidField('deliveredOn', moveOutMessages.futureDate);
  return db.transaction(async (tx) => {
    const policy = await policyFor(tx, actor, policyId, true);
    ensureActaPolicy(policy);
    const acta = await repo.findActa(tx, policyId, true);
    ensureCurrent(acta, ifMatch);
    if (acta && acta.state !== 'draft') throw conflict(moveOutMessages.frozen);
    const values = {
      deliveredOn: input.deliveredOn,
      keysCount: input.keysCount,
      keysNotes: input.keysNotes,
      meterWater: input.meters.water,
      meterElectricity: input.meters.electricity,
      meterGas: input.meters.gas,
      rooms: input.rooms,
      damages: input.damages.map((damage) => ({ description: damage.description, amountCents: damage.amount })),
      unpaidServices: centsToMoney(input.unpaidServices),
      unpaidServicesNotes: input.unpaidServicesNotes,
      updatedBy: actor.id,
      updatedAt: now,
    };
    if (acta) await repo.updateActa(tx, policyId, { ...values, version: acta.version + 1 });
    else await repo.insertActa(tx, policyId, values, actor.id);
    await insertEvent(tx, { policyId, userId: actor.id, fromStatus: null, toStatus: null, changes: [], note: moveOutMessages.savedNote });
    return actaView(tx, actor, policy, await repo.findActa(tx, policyId));
  });
}

/**
 * POST /api/policy/{id}/move-out/send ('Enviar a firma'): the acta frozen with its settlement's
 * figures, its PDF drawn and the owner's and tenants' signing round started — one transaction;
 * the PDF's file is removed when it fails.
 */
export async function sendToSignature(db: Db, files: FileStore, actor: AuthUser, policyId: number, ifMatch: IfMatch | undefined, baseUrl: string, onDiscardError: (error: unknown, storedName: string) => void): Promise<MoveOutActa> {
  await pdfRenderingReady();
  const written: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const policy = await policyFor(tx, actor, policyId, true);
      ensureActaPolicy(policy);
      const acta = await repo.findActa(tx, policyId, true);
      if (!acta) throw conflict(moveOutMessages.noDraft);
      ensureCurrent(acta, ifMatch);
      if (acta.state !== 'draft') throw conflict(moveOutMessages.frozen);
      const settlement = await settlementOf(tx, actor, policy, acta);
      const [full] = await loadPolicies(tx, { id: policyId }, 'none');
      const pdf = await renderActa({
        policy: full!,
        folio: policy.folio,
        deliveredOn: acta.deliveredOn,
        keysCount: acta.keysCount,
        keysNotes: acta.keysNotes,
        meters: { water: acta.meterWater, electricity: acta.meterElectricity, gas: acta.meterGas },
        rooms: acta.rooms,
        damages: acta.damages,
        unpaidServicesNotes: acta.unpaidServicesNotes,
        settlement,
      });
      const roundId = await startDocumentRound(tx, files, actor, { policyId, subject: 'move_out', pdf: pdf.bytes, pageCount: pdf.pageCount, parties: ['owner', 'tenant'], baseUrl }, written);
      await repo.updateActa(tx, policyId, {
        state: 'signing',
        signingRoundId: roundId,
        depositAtSend: centsToMoney(settlement.depositCents),
        unpaidRentAtSend: centsToMoney(settlement.unpaidRentCents),
        version: acta.version + 1,
        updatedBy: actor.id,
        updatedAt: new Date(),
      });
      await insertEvent(tx, { policyId, userId: actor.id, fromStatus: null, toStatus: null, changes: [], note: `${moveOutMessages.sentNote}. ${settlement.label}` });
      return actaView(tx, actor, policy, await repo.findActa(tx, policyId));
    });
  } catch (error) {
    for (const storedName of written) await files.remove(storedName).catch((removeError: unknown) => onDiscardError(removeError, storedName));
    throw error;
  }
}

/** GET /api/policy/{id}/move-out/pdf: the signed acta once everyone signed, the one sent before; 404 while a draft. */
export async function actaPdf(db: Db, actor: AuthUser, policyId: number) {
  const policy = await policyFor(db, actor, policyId);
  const acta = await repo.findActa(db, policyId);
  const round = acta?.signingRoundId ? await documentRound(db, acta.signingRoundId) : null;
  const signed = Boolean(round?.signedStoredName);
  const storedName = signed ? round!.signedStoredName : round?.storedName;
  if (!storedName) throw notFound(moveOutMessages.noPdf);
  const size = (signed ? round!.signedSize : round!.storedSize) ?? 0;
  return { storedName, size, mimeType: 'application/pdf', policyId, downloadName: `acta-entrega-${policy.folio}${signed ? '-firmada' : ''}.pdf` };
}
