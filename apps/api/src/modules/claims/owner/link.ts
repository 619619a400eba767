import { claimMessages, claimOwnerLinkDays, linkPartyLabels, type ClaimOwnerLink } from '@portal/domain';
import type { Db } from '../../../db/client';
import { conflict, ensure, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import { issueLink, whatsappText } from '../../public-links/index';
import { findOwnerLinkTarget } from '../repository/owner';

/*
 * The owner's link (issue 33): a 'claim_owner' link of the public-links machinery (only the
 * token's hash stored, an expiry, revocable from the expediente's links, the aviso first), for
 * the policy's owner to report a problem and follow the policy's cases. E-mailed when the owner
 * has an e-mail; the address and the WhatsApp text are in this answer only.
 */

const dayMs = 86_400_000;

/** POST /api/policy/{id}/claims/owner-link: another branch's policy is a 404, a cancelled one a 409. */
export async function issueOwnerLink(db: Db, actor: AuthUser, policyId: number, baseUrl: string, now = new Date()): Promise<ClaimOwnerLink> {
  return db.transaction(async (tx) => {
    const target = ensure(await findOwnerLinkTarget(tx, policyId, actorScope(actor)), notFound(claimMessages.policyNotFound));
    if (target.status === 'cancelled') throw conflict(claimMessages.policyCancelled);
    const owner = target.owner ?? { name: linkPartyLabels.owner, email: '', mobile: '', phone: '' };
    const issued = await issueLink(
      tx,
      {
        policyId,
        purpose: 'claim_owner',
        party: 'owner',
        partyIndex: 0,
        partyName: owner.name,
        email: owner.email,
        phones: [owner.mobile, owner.phone],
        branchName: target.branchName,
        expiresInDays: claimOwnerLinkDays,
        createdBy: actor.id,
        baseUrl,
        sendEmail: owner.email !== '',
      },
      now,
    );
    return {
      url: issued.url,
      expiresAt: new Date(now.getTime() + claimOwnerLinkDays * dayMs).toISOString(),
      whatsappText: whatsappText({ name: owner.name, branchName: target.branchName, purpose: 'claim_owner', url: issued.url }),
    };
  });
}
