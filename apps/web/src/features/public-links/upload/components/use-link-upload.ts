import { investigationMessages, type IdentificationType } from '@portal/domain';
import { useDocumentSend } from '@/lib/use-document-send';
import { sendLinkDocument, useStoreUploadView } from '../api';

/**
 * One file of a card: picking it sends it at once (one tap on a phone): a photo shrunk first,
 * with its progress, tried again by itself when the connection drops; a failure keeps the file so
 * 'Reintentar' sends it again. A success refreshes the whole page's view.
 */
export function useLinkUpload(token: string, documentType: string, identificationType: IdentificationType | undefined) {
  const storeView = useStoreUploadView(token);
  const { state, start, retry } = useDocumentSend(
    (file, options) => sendLinkDocument(token, { documentType, identificationType, file }, options),
    storeView,
    investigationMessages.uploadUnknownError,
  );
  return { state, send: start, retry };
}
