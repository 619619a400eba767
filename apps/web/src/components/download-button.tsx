import { useState } from 'react';
import { Download, Loader2, type LucideIcon } from 'lucide-react';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { saveBlob } from '@/lib/blob-files';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';

interface DownloadButtonProps {
  label: string;
  icon?: LucideIcon;
  /** The file, as a Blob: it needs the bearer header, which a plain link cannot carry. */
  fetchFile: () => Promise<Blob>;
  /** The name it is saved under. */
  fileName: string;
  /** The toast's title when the download fails (the error's message is its description). */
  errorTitle: string;
  /** Id of what names the record (its card heading, its table cell), so the button says which one. */
  describedBy?: string;
  variant?: 'ghost' | 'secondary';
}

/** A small button that fetches a file and saves it, spinning meanwhile; a failure says so in a toast. */
export function DownloadButton({ label, icon: Icon = Download, fetchFile, fileName, errorTitle, describedBy, variant = 'ghost' }: DownloadButtonProps) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await fetchFile(), fileName);
    } catch (error) {
      if (!isSessionExpired(error)) notify.error(errorTitle, errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button
      variant={variant}
      size="sm"
      disabled={downloading}
      aria-busy={downloading || undefined}
      aria-describedby={describedBy}
      onClick={() => void download()}
    >
      {downloading ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Icon aria-hidden="true" />}
      {label}
    </Button>
  );
}
