import { useEffect, useState } from 'react';
import { Eye, ExternalLink } from 'lucide-react';
import type { TemplateKind } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { previewContractTemplate } from '../api';
import { PreviewPolicyPicker, type PreviewPolicy } from './preview-policy-picker';
import { templateErrorMessage } from './template-error';

/** The object URL of the last preview, revoked when replaced or when the panel goes away. */
function usePreviewUrl() {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, show: (blob: Blob) => setUrl(URL.createObjectURL(blob)) };
}

/**
 * 'Vista previa': the editor's text as it is now (saved or not) applied to a chosen policy, shown
 * as the server's PDF in a frame, with a link to open it in its own tab.
 */
export function TemplatePreview({ kind, branchId, body }: { kind: TemplateKind; branchId: number | null; body: string }) {
  const [policy, setPolicy] = useState<PreviewPolicy | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const preview = usePreviewUrl();

  const run = async () => {
    if (!policy) return;
    setLoading(true);
    setFailure(null);
    try {
      preview.show(await previewContractTemplate(kind, { branchId, body, policyId: policy.id }));
    } catch (error) {
      setFailure(templateErrorMessage(error));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Vista previa</h2>
      <PreviewPolicyPicker branchId={branchId} chosen={policy} onChoose={setPolicy} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void run()} disabled={!policy || loading || body.trim() === ''}>
          <Eye aria-hidden="true" />
          {loading ? 'Generando vista previa...' : 'Vista previa'}
        </Button>
        {preview.url ? (
          <Button asChild variant="ghost">
            <a href={preview.url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              Abrir en otra pestaña
            </a>
          </Button>
        ) : null}
      </div>
      {failure ? (
        <Alert>
          <p className="font-medium">No se pudo generar la vista previa</p>
          <p>{failure}</p>
        </Alert>
      ) : null}
      {preview.url ? <iframe title="Vista previa del documento" src={preview.url} className="h-[32rem] w-full rounded-lg border border-slate-200 dark:border-slate-800" /> : null}
    </Card>
  );
}
