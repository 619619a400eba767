import { investigationMessages as messages } from '@portal/domain';
import type { DetectedFileType } from '../../lib/file-type';
import type { UploadMessages } from '../../plugins/files';

/** An investigation takes scans and photos of papers: PDF, JPEG or PNG, judged by their bytes. */
export const investigationFileTypes: readonly DetectedFileType[] = ['pdf', 'jpeg', 'png'];

/** The upload's refusals, the same words for staff and for the person sending by link. */
export function uploadMessagesFor(maxUploadBytes: number): UploadMessages {
  const maxMb = Math.round(maxUploadBytes / (1024 * 1024));
  return {
    missing: messages.fileMissing,
    empty: messages.fileEmpty,
    tooLarge: messages.fileTooLarge(maxMb),
    unsupportedType: messages.unsupportedFileType,
    imageTooLarge: messages.imageTooLarge,
    imageUnreadable: messages.imageUnreadable,
  };
}
