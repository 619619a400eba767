import {
  investigationMessages as messages,
  isInvestigationOpen,
  isPartyDocumentType,
  parseDocumentType,
  partySlots,
  partyUploadChecklist,
  publicLinkMessages,
  uploadRejection,
  type IdentificationType,
  type PublicUploadView,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { conflict, ensure, invalidField } from '../../lib/app-error';
import { invalidLink, requirePrivacyAccepted, resolveLink, type ActiveLink } from '../public-links/index';
import * as repo from './repository';

/*
 * Upload by link (issue 17): the person holding an upload link sends the documents of their own
 * slots, with the staff upload's checks; the token is the only credential and reaches nothing else.
 */

async function linkedInvestigation(db: Db, link: ActiveLink) {
  // A link's policy is always there (links go with their policy); a miss answers like a dead link.
  return ensure(await repo.findInvestigation(db, link.folio, { branchId: link.branchId }), invalidLink());
}

/** GET /api/public/links/{token}/documents: the person's cards and what arrived in their slots (names only). */
export async function linkUploadView(db: Db, token: string): Promise<PublicUploadView> {
  const link = await resolveLink(db, token, 'upload');
  const policy = await linkedInvestigation(db, link);
  const documents = (await repo.listDocuments(db, { policyId: policy.policyId })).filter((document) => isPartyDocumentType(link.party, document.documentType));
  const checklist = partyUploadChecklist(link.party, policy, documents);
  return {
    ...checklist,
    accepting: isInvestigationOpen(policy.status),
    received: documents.map((document) => {
      const { slot, index } = parseDocumentType(document.documentType)!;
      return {
        documentType: document.documentType,
        slot,
        index,
        originalFilename: document.originalFilename,
        identificationType: document.identificationType,
        uploadedAt: document.uploadedAt,
      };
    }),
  };
}

/**
 * Everything said about a link's upload before its bytes are read: the link is alive and for
 * uploads (404, the same for any dead link), its investigation still takes documents (409), the
 * aviso was accepted (409), and the slot is the person's own and one the policy asks for (400).
 */
export async function checkLinkUpload(db: Db, token: string, target: { documentType: string; identificationType?: IdentificationType | undefined }): Promise<ActiveLink> {
  const link = await resolveLink(db, token, 'upload');
  const policy = await linkedInvestigation(db, link);
  if (!isInvestigationOpen(policy.status)) throw conflict(publicLinkMessages.uploadClosed);
  await requirePrivacyAccepted(db, link);
  const parsed = parseDocumentType(target.documentType);
  if (parsed && !partySlots[link.party].includes(parsed.slot)) {
    // Another party's slot is answered as a slot the policy does not ask for: nothing hints at the others' papers.
    throw invalidField('documentType', messages.slotNotAsked(parsed.slot, policy.policyType));
  }
  const rejection = uploadRejection(policy, target.documentType, target.identificationType);
  if (rejection) throw invalidField(rejection.field, rejection.message);
  return link;
}
