import { useState } from 'react';
import { errorMessage } from '@/lib/api-error';
import { openPendingTab, saveBlob } from '@/lib/blob-files';
import { notify } from '@/lib/toast';
import { fetchContractDocument, fetchContractPack } from '../api';

const viewError = 'No se pudo abrir el documento';
const downloadError = 'No se pudo descargar el documento';

/** The pack's file name: the investigation folio and the version, so two versions never overwrite each other. */
function packFileName(folio: string, version: number): string {
  return `contratos_${folio}_v${version}.pdf`;
}

/**
 * The PDFs need the bearer header, so each is fetched as a blob, then shown in a tab (opened
 * inside the click, before the fetch, so pop-up blockers let it through) or saved. `busy` names
 * what is being fetched ('view-12', 'download-12', 'pack-2'), so only that button spins.
 */
export function useContractFiles(policyId: number, folio: string) {
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, fetchFile: () => Promise<Blob>, deliver: (blob: Blob) => void, onError: () => void, title: string) => {
    setBusy(key);
    try {
      deliver(await fetchFile());
    } catch (error) {
      onError();
      notify.error(title, errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    view: (documentId: number) => {
      const tab = openPendingTab();
      return run(`view-${documentId}`, () => fetchContractDocument(policyId, documentId), tab.show, tab.close, viewError);
    },
    download: (documentId: number, fileName: string) =>
      run(`download-${documentId}`, () => fetchContractDocument(policyId, documentId), (blob) => saveBlob(blob, fileName), () => undefined, downloadError),
    downloadPack: (version: number) =>
      run(`pack-${version}`, () => fetchContractPack(policyId, version), (blob) => saveBlob(blob, packFileName(folio, version)), () => undefined, downloadError),
  };
}
