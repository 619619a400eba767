import { rentProofMessages as messages } from '@portal/domain';
import type { DetectedFileType } from '../../../lib/file-type';
import type { ReceivedUpload, UploadMessages } from '../../../plugins/files';
import type { ReceiptFile } from '../repository/ledger';

/** A comprobante is a scan, a photo or a bank's PDF: what an investigation takes, judged by its bytes. */
export const receiptFileTypes: readonly DetectedFileType[] = ['pdf', 'jpeg', 'png'];

/** The refusals of a receipt's file, the same for staff and for the tenant's link. */
export function receiptUploadMessages(maxUploadBytes: number): UploadMessages {
  const maxMb = Math.round(maxUploadBytes / (1024 * 1024));
  return {
    missing: messages.fileMissing,
    empty: messages.fileEmpty,
    tooLarge: messages.fileTooLarge(maxMb),
    unsupportedType: messages.unsupportedFileType,
    imageUnreadable: messages.imageUnreadable,
  };
}

export function receiptOf(upload: ReceivedUpload): ReceiptFile {
  return { fileName: upload.fileName, storedName: upload.stored.storedName, mimeType: upload.stored.mimeType, size: upload.stored.size, sha256: upload.stored.sha256 };
}
