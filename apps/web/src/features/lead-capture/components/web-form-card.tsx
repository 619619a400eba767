import { useId, useRef, useState } from 'react';
import { Copy } from 'lucide-react';
import { leadCaptureFormSnippet, type LeadCaptureKey, type LeadCaptureSettings } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { copyText } from '@/lib/copy-text';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SecretUrlField } from '@/components/ui/secret-url-field';
import { useRotateKey } from '../api';
import { captureTexts, keyUrlTexts } from './capture-texts';
import { RotateButton } from './rotate-button';

const texts = captureTexts.form;

/** The form's address, 'Generar nueva clave', and (right after) the key and a form to paste. */
export function WebFormCard({ settings }: { settings: LeadCaptureSettings }) {
  const rotate = useRotateKey(settings.branchId);
  const [issued, setIssued] = useState<LeadCaptureKey | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const snippetId = useId();
  const snippet = useRef<HTMLTextAreaElement>(null);
  const copySnippet = async (text: string) => {
    if (await copyText(text)) return void notify.success(texts.snippetCopied);
    snippet.current?.focus();
    snippet.current?.select();
    notify.error(texts.snippetCopyFailed, texts.snippetCopyFailedHint);
  };

  const generate = async () => {
    setFailure(null);
    try {
      setIssued(await rotate.mutateAsync());
    } catch (error) {
      if (isSessionExpired(error)) return;
      setFailure(errorMessage(error));
    }
  };

  return (
    <Card className="min-w-0 space-y-4 p-4">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">{texts.title}</h2>
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{texts.endpoint}</p>
        <p className="font-mono text-xs break-all text-slate-700 dark:text-slate-300">
          {settings.endpointBase}
          <span className="text-slate-400">{texts.keyPlaceholder}</span>
        </p>
      </div>
      {/* Right after generating, the key is below: the text says to copy it now, not that it is no longer shown. */}
      <p className="text-sm text-slate-600 dark:text-slate-400">{issued ? texts.justIssued : settings.hasKey ? texts.hasKey : texts.noKey}</p>
      <RotateButton
        label={texts.rotate}
        busyLabel={texts.rotating}
        confirmTitle={texts.confirmTitle}
        confirmFirst={texts.confirmFirst}
        confirmRotate={texts.confirmRotate}
        replacing={settings.hasKey}
        busy={rotate.isPending}
        onConfirm={generate}
      />
      {failure ? (
        <Alert>
          <p className="font-medium">{texts.rotateError}</p>
          <p>{failure}</p>
        </Alert>
      ) : null}
      {issued ? (
        <div className="space-y-3">
          <SecretUrlField url={issued.endpointUrl} texts={keyUrlTexts} />
          <div className="space-y-1.5">
            <div className="flex flex-wrap items-end justify-between gap-2">
              <label htmlFor={snippetId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
                {texts.snippet}
              </label>
              <Button variant="secondary" size="sm" onClick={() => void copySnippet(leadCaptureFormSnippet(issued.endpointUrl))}>
                <Copy aria-hidden="true" />
                {texts.copySnippet}
              </Button>
            </div>
            <textarea
              ref={snippet}
              id={snippetId}
              readOnly
              value={leadCaptureFormSnippet(issued.endpointUrl)}
              onFocus={(event) => event.currentTarget.select()}
              className="block h-64 w-full resize-y rounded-lg border border-slate-300 bg-slate-50 p-3 font-mono text-xs text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
            />
            <p className="text-xs text-slate-500 dark:text-slate-400">{texts.snippetHint}</p>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
