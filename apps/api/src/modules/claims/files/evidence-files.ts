import { claimOwnerMessages as messages } from '@portal/domain';
import type { DetectedFileType } from '../../../lib/file-type';
import type { ReceivedUpload, UploadMessages } from '../../../plugins/files';
import type { ClaimFileInsert } from '../repository/files';

/** Evidence is a photo of the damage or a PDF (a bill, a notice): judged by its bytes, not its name. */
export const evidenceFileTypes: readonly DetectedFileType[] = ['jpeg', 'png', 'pdf'];

/** The refusals of an evidence file, the same for staff («file») and for the owner's report («files»). */
export function evidenceUploadMessages(maxUploadBytes: number, missing: string): UploadMessages & { tooMany: string } {
  const maxMb = Math.round(maxUploadBytes / (1024 * 1024));
  return {
    missing,
    empty: messages.fileEmpty,
    tooLarge: messages.fileTooLarge(maxMb),
    unsupportedType: messages.unsupportedFileType,
    imageUnreadable: messages.imageUnreadable,
    tooMany: messages.tooManyFiles,
  };
}

/** The claim_files row of a stored upload: by a user (staff) or through a link (the owner). */
export function evidenceRow(claimId: number, upload: ReceivedUpload, by: { userId: number } | { linkId: number }): ClaimFileInsert {
  return {
    claimId,
    storedName: upload.stored.storedName,
    fileName: upload.fileName.slice(0, 255),
    mimeType: upload.stored.mimeType,
    size: upload.stored.size,
    sha256: upload.stored.sha256,
    uploadedBy: 'userId' in by ? by.userId : null,
    linkId: 'linkId' in by ? by.linkId : null,
  };
}
