import { FileX } from 'lucide-react';
import { addendumMessages, type Addendum } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { DownloadButton } from '@/components/download-button';
import { downloadAddendumFile } from '../api';
import { downloadFileName, storedFile } from './addendum-format';

interface AddendumDownloadButtonProps {
  addendum: Addendum;
  /** Id of what names the addendum (its policy cell or card heading), so the button says which one. */
  describedBy?: string;
  variant?: 'ghost' | 'secondary';
}

/**
 * 'Descargar', saved as addendum_{policyId} with the stored file's extension; while the addendum
 * has no file, a disabled 'Sin archivo' that says why (issue 20).
 */
export function AddendumDownloadButton({ addendum, describedBy, variant = 'ghost' }: AddendumDownloadButtonProps) {
  if (!storedFile(addendum)) {
    return (
      <Button variant={variant} size="sm" disabled aria-describedby={describedBy}>
        <FileX aria-hidden="true" />
        Sin archivo
      </Button>
    );
  }
  return (
    <DownloadButton
      label="Descargar"
      fetchFile={() => downloadAddendumFile(addendum.id)}
      fileName={downloadFileName(addendum)}
      errorTitle={addendumMessages.downloadError}
      describedBy={describedBy}
      variant={variant}
    />
  );
}
