import { useState } from 'react';
import { Loader2, Trash2 } from 'lucide-react';
import { investigationMessages, normaliseFileName, type InvestigationDocument } from '@portal/domain';
import { isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteDocument } from '../api';

interface DeleteDocumentButtonProps {
  folio: string;
  document: InvestigationDocument;
  /** Called once the card is gone, so focus has somewhere to go. */
  onDeleted: () => void;
}

/**
 * The card's delete icon: asks first (a stored file is gone for good), then spins and stays
 * disabled while the call runs (spec: the document's transient deleting state).
 */
export function DeleteDocumentButton({ folio, document, onDeleted }: DeleteDocumentButtonProps) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteDocument(folio);
  const name = normaliseFileName(document.originalFilename);

  const confirm = () => {
    setAsking(false);
    remove.mutate(document.id, {
      onSuccess: () => {
        notify.success(investigationMessages.deleted, investigationMessages.deletedDescription);
        onDeleted();
      },
      onError: (error) => {
        if (isSessionExpired(error)) return;
        notify.error('Error', investigationMessages.deleteError);
      },
    });
  };

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Eliminar documento ${name}`}
        disabled={remove.isPending}
        aria-busy={remove.isPending || undefined}
        onClick={() => setAsking(true)}
        className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-950"
      >
        {remove.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Trash2 aria-hidden="true" />}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Eliminar documento"
        description={`¿Eliminar «${name}»? El archivo se borrará y no se puede deshacer.`}
        confirmLabel="Eliminar"
        tone="danger"
        onConfirm={confirm}
      />
    </>
  );
}
