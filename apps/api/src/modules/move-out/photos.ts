import { moveOutLimits, moveOutMessages, moveOutPhotoLinkDays, type MoveOutPhotoLink, type MoveOutPhotoParty, type MoveOutPublicView } from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { conflict, ensure, invalidField, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope } from '../../lib/branch-scope';
import type { ReceivedUpload, StoredDownload } from '../../plugins/files';
import { insertEvent } from '../policies/index';
import { hashToken, invalidLink, newLinkToken } from '../public-links/index';
import * as repo from './repository';

/*
 * The rooms' photos (issue 32): taken by staff on a phone, or by the owner or the tenant through a
 * link. A link is a credential: a random token of which only the SHA-256 is kept, bound to one
 * acta and one party, expiring after 7 days (the public-links machinery's tokens; the route is
 * inside publicRoutes(), rate-limited and with the token hidden in the log). Photos are added
 * while the acta is a draft, to a room it has, up to 20 a room.
 */

/** Who is adding the photo: a staff member, or the party a link names. */
export type PhotoTaker = { kind: 'staff'; actor: AuthUser } | { kind: 'link'; party: MoveOutPhotoParty; policyId: number };

/** The draft acta and the room a photo goes to; `lock` holds the acta (the room's count is then exact). */
async function draftRoom(db: Executor, policyId: number, roomKey: string, lock = false): Promise<repo.ActaRow> {
  const acta = await repo.findActa(db, policyId, lock);
  if (!acta) throw conflict(moveOutMessages.roomNotFound);
  if (acta.state !== 'draft') throw conflict(moveOutMessages.frozen);
  if (!acta.rooms.some((room) => room.key === roomKey)) throw invalidField('roomKey', moveOutMessages.roomNotFound);
  return acta;
}

/** Before the file is read: the policy in the actor's branch (404), the acta a draft with that room. */
export async function checkStaffUpload(db: Db, actor: AuthUser, policyId: number, roomKey: string): Promise<void> {
  ensure(await repo.findActaPolicy(db, policyId, actorScope(actor)), notFound(moveOutMessages.notFound));
  await draftRoom(db, policyId, roomKey);
}

/** The live link a token opens (any other token: the uniform 404 of every link). */
async function linkOf(db: Executor, token: string, now = new Date()) {
  return ensure(await repo.findLiveLink(db, hashToken(token), now), invalidLink());
}

/** Records a received photo in one transaction, checked again under the acta's lock; the caller removes the file when this throws. */
export async function recordPhoto(db: Db, taker: PhotoTaker, policyId: number, roomKey: string, upload: ReceivedUpload): Promise<void> {
  await db.transaction(async (tx) => {
    await draftRoom(tx, policyId, roomKey, true);
    if ((await repo.roomPhotoCount(tx, policyId, roomKey)) >= moveOutLimits.photosPerRoom) throw conflict(moveOutMessages.tooManyPhotos);
    const { stored, fileName } = upload;
    await repo.insertPhoto(tx, {
      policyId,
      roomKey,
      storedName: stored.storedName,
      fileName: fileName.slice(0, 255),
      mimeType: stored.mimeType,
      size: stored.size,
      sha256: stored.sha256,
      uploadedBy: taker.kind === 'staff' ? taker.actor.id : null,
      party: taker.kind === 'link' ? taker.party : null,
    });
    // Staff photos are in the acta's own list; the history names the outside ones.
    if (taker.kind === 'link') {
      const who = taker.party === 'owner' ? 'Propietario (por enlace)' : 'Inquilino (por enlace)';
      await insertEvent(tx, { policyId, userId: null, fromStatus: null, toStatus: null, changes: [], note: moveOutMessages.photoNote(who.toLowerCase()), actorLabel: who });
    }
  });
}

/** POST /api/policy/{id}/move-out/photo-link: a link for the owner or the tenant, shown once. */
export async function issuePhotoLink(db: Db, actor: AuthUser, policyId: number, party: MoveOutPhotoParty, baseUrl: string, now = new Date()): Promise<MoveOutPhotoLink> {
  return db.transaction(async (tx) => {
    ensure(await repo.findActaPolicy(tx, policyId, actorScope(actor)), notFound(moveOutMessages.notFound));
    const acta = await repo.findActa(tx, policyId, true);
    if (!acta) throw conflict(moveOutMessages.noDraft);
    if (acta.state !== 'draft') throw conflict(moveOutMessages.frozen);
    const { token, tokenHash } = newLinkToken();
    const expiresAt = new Date(now.getTime() + moveOutPhotoLinkDays * 24 * 60 * 60 * 1000);
    await repo.insertPhotoLink(tx, { policyId, party, tokenHash, expiresAt, createdBy: actor.id });
    return { url: `${baseUrl}/entrega/${token}`, expiresAt: expiresAt.toISOString(), party };
  });
}

/** GET /api/public/move-out/{token}: the rooms to photograph (404 for any token not alive, 409 once the acta was sent). */
export async function publicView(db: Db, token: string): Promise<MoveOutPublicView> {
  const link = await linkOf(db, token);
  const acta = ensure(await repo.findActa(db, link.policyId), invalidLink());
  if (acta.state !== 'draft') throw conflict(moveOutMessages.frozen);
  const [policy, photos] = await Promise.all([repo.findActaPolicy(db, link.policyId, { branchId: undefined }), repo.listPhotos(db, link.policyId)]);
  return {
    folio: policy?.folio ?? '',
    party: link.party,
    rooms: acta.rooms.map((room) => ({ key: room.key, name: room.name, photos: photos.filter((photo) => photo.roomKey === room.key).length })),
    expiresAt: link.expiresAt.toISOString(),
  };
}

/** Before a link's file is read: the acta a draft with that room. */
export async function checkLinkUpload(db: Db, token: string, roomKey: string): Promise<PhotoTaker & { kind: 'link' }> {
  const link = await linkOf(db, token);
  await draftRoom(db, link.policyId, roomKey);
  return { kind: 'link', party: link.party, policyId: link.policyId };
}

/** GET /api/move-out/photos/{id}: a photo, in the actor's branch (404 otherwise). */
export async function photoDownload(db: Db, actor: AuthUser, photoId: number): Promise<StoredDownload & { policyId: number }> {
  const photo = ensure(await repo.findPhoto(db, photoId, actorScope(actor)), notFound(moveOutMessages.photoNotFound));
  return { storedName: photo.storedName, mimeType: photo.mimeType, size: photo.size, downloadName: photo.fileName, policyId: photo.policyId };
}
