import { Download, FileX, Loader2 } from 'lucide-react';
import type { Addendum } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { storedFile } from './addendum-format';
import { useAddendumDownload } from './use-addendum-download';

interface DownloadButtonProps {
  addendum: Addendum;
  /** Id of what names the addendum (its policy cell or card heading), so the button says which one. */
  describedBy?: string;
  variant?: 'ghost' | 'secondary';
}

/** 'Descargar', or, while the addendum has no file, a disabled 'Sin archivo' that says why (issue 20). */
export function DownloadButton({ addendum, describedBy, variant = 'ghost' }: DownloadButtonProps) {
  const { downloading, download } = useAddendumDownload(addendum);
  if (!storedFile(addendum)) {
    return (
      <Button variant={variant} size="sm" disabled aria-describedby={describedBy}>
        <FileX aria-hidden="true" />
        Sin archivo
      </Button>
    );
  }
  return (
    <Button
      variant={variant}
      size="sm"
      disabled={downloading}
      aria-busy={downloading || undefined}
      aria-describedby={describedBy}
      onClick={() => void download()}
    >
      {downloading ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
      Descargar
    </Button>
  );
}
