import { useState } from 'react';
import { FileText } from 'lucide-react';
import { claimDocumentKindLabels, claimDocumentKinds, claimMessages, type ClaimDetail, type ClaimDocumentKind } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { formatFileSize } from '@/lib/file-size';
import { notify } from '@/lib/toast';
import { DownloadButton } from '@/components/download-button';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { downloadClaimDocument, useDrawDocument } from '../../api/case';
import type { ClaimAccess } from './claim-access';
import { formatMexicoDateTime } from './claim-format';
import { EvidenceFiles } from './evidence-files';

/** 'Documentos': the templates drawn into PDFs (they join the case and the expediente) and the evidence. */
export function DocumentsTab({ claim, access }: { claim: ClaimDetail; access: ClaimAccess }) {
  return (
    <>
      <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-200">{claimMessages.lawyerDraft}</p>
      {access.canEdit ? <DrawDocuments claim={claim} /> : null}
      <Card className="space-y-3 p-4">
        <h2 className="text-base font-semibold">Documentos generados</h2>
        {claim.documents.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Aún no se genera ningún documento.</p>
        ) : (
          <ul aria-label="Documentos generados" className="divide-y divide-slate-100 dark:divide-slate-800">
            {claim.documents.map((document) => (
              <li key={document.id} className="flex flex-col gap-2 py-2 text-sm sm:flex-row sm:items-center sm:justify-between">
                <span>
                  <span className="font-medium">{claimDocumentKindLabels[document.kind]}</span>
                  <span className="text-slate-500 dark:text-slate-400">
                    {' '}
                    · {formatMexicoDateTime(document.createdAt)} · {document.createdBy} · {formatFileSize(document.size)}
                  </span>
                </span>
                <DownloadButton
                  label={`Descargar ${document.fileName}`}
                  icon={FileText}
                  fetchFile={() => downloadClaimDocument(document.id)}
                  fileName={document.fileName}
                  errorTitle="Error al descargar el documento"
                />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <EvidenceFiles claim={claim} canUpload={access.canEdit} />
    </>
  );
}

/** A button per template; each asks first, since the PDF is filed in the case and the expediente. */
function DrawDocuments({ claim }: { claim: ClaimDetail }) {
  const draw = useDrawDocument(claim);
  const [kind, setKind] = useState<ClaimDocumentKind | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = () => {
    if (!kind) return;
    setRefusal(null);
    draw.mutate(kind, {
      onSuccess: () => {
        notify.success('Documento generado', claimDocumentKindLabels[kind]);
        setKind(null);
      },
      onError: (error) => {
        setKind(null);
        if (isSessionExpired(error)) return;
        setRefusal(errorMessage(error));
        notify.error('No se generó el documento', errorMessage(error));
      },
    });
  };
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-base font-semibold">Generar documento</h2>
      {refusal ? (
        <Alert>
          <p className="font-medium">No se generó el documento</p>
          <p className="mt-1">{refusal}</p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {claimDocumentKinds.map((each) => (
          <Button key={each} size="sm" variant="secondary" disabled={draw.isPending} onClick={() => setKind(each)}>
            <FileText aria-hidden="true" />
            {claimDocumentKindLabels[each]}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={kind !== null}
        onOpenChange={(next) => {
          if (!next && !draw.isPending) setKind(null);
        }}
        title={`¿Generar ${kind ? claimDocumentKindLabels[kind].toLowerCase() : 'el documento'}?`}
        description="Se genera el PDF con los datos actuales de la incidencia y de la póliza, y se guarda en la incidencia y en el expediente."
        confirmLabel="Generar"
        busy={draw.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
