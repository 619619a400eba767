import { useState } from 'react';
import { normaliseFileName, type InvestigationDocument } from '@portal/domain';
import { openPendingTab, saveBlob } from '@/lib/blob-files';
import { notify } from '@/lib/toast';
import { downloadInvestigationDocument } from '../api';

const fileMessages = {
  viewError: 'No se pudo abrir el documento',
  downloadError: 'No se pudo descargar el documento',
} as const;

/**
 * 'Ver' and 'Descargar' of a results card. The files need the bearer header, so they are fetched
 * as blobs: 'Ver' shows one in a new tab (opened inside the click, so no pop-up blocker stops
 * it), 'Descargar' saves it under its original name.
 */
export function useDocumentFile(document: InvestigationDocument) {
  const [busy, setBusy] = useState<'view' | 'download' | null>(null);

  const view = async () => {
    const tab = openPendingTab();
    setBusy('view');
    try {
      tab.show(await downloadInvestigationDocument(document.id, 'inline'));
    } catch {
      tab.close();
      notify.error('Error', fileMessages.viewError);
    } finally {
      setBusy(null);
    }
  };

  const download = async () => {
    setBusy('download');
    try {
      saveBlob(await downloadInvestigationDocument(document.id, 'attachment'), normaliseFileName(document.originalFilename));
    } catch {
      notify.error('Error', fileMessages.downloadError);
    } finally {
      setBusy(null);
    }
  };

  return { busy, view, download };
}
