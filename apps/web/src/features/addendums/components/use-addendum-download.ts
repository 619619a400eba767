import { useState } from 'react';
import { addendumMessages, type Addendum } from '@portal/domain';
import { errorMessage } from '@/lib/api-error';
import { saveBlob } from '@/lib/blob-files';
import { notify } from '@/lib/toast';
import { downloadAddendumFile } from '../api';
import { downloadFileName } from './addendum-format';

/**
 * 'Descargar': the file needs the bearer header, so it is fetched as a blob and saved as
 * addendum_{policyId} with the stored file's extension.
 */
export function useAddendumDownload(addendum: Addendum) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadAddendumFile(addendum.id), downloadFileName(addendum));
    } catch (error) {
      notify.error(addendumMessages.downloadError, errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download };
}
