import { rentProofMessages } from '@portal/domain';
import type { DetectedFileType } from '../../lib/file-type';
import type { ReceivedUpload, UploadMessages } from '../../plugins/files';
import type { FeeReceiptFile } from './repository/fee';

/*
 * A fee payment's comprobante: what a rent payment's takes (a scan, a photo, a bank's PDF), with
 * the same Spanish refusals. Kept here rather than imported from the rents module: the contracts
 * module asks this one whether the fee is paid, and rents reaches contracts (no import cycles).
 */
export const feeReceiptTypes: readonly DetectedFileType[] = ['pdf', 'jpeg', 'png'];

export function feeReceiptMessages(maxUploadBytes: number): UploadMessages {
  const m = rentProofMessages;
  return { missing: m.fileMissing, empty: m.fileEmpty, tooLarge: m.fileTooLarge(Math.round(maxUploadBytes / (1024 * 1024))), unsupportedType: m.unsupportedFileType, imageUnreadable: m.imageUnreadable };
}

export const feeReceiptOf = ({ fileName, stored }: ReceivedUpload): FeeReceiptFile => ({ fileName, storedName: stored.storedName, mimeType: stored.mimeType, size: stored.size, sha256: stored.sha256 });
