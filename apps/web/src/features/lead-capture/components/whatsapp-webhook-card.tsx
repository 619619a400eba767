import { useState } from 'react';
import type { LeadCaptureSettings } from '@portal/domain';
import { errorMessage, isApiError } from '@/lib/api-error';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { SecretUrlField } from '@/components/ui/secret-url-field';
import { useRotateWebhookToken } from '../api';
import { captureTexts, webhookUrlTexts } from './capture-texts';
import { RotateButton } from './rotate-button';

const texts = captureTexts.whatsapp;

/** The gateway's webhook URL: generated here, pasted into Evolution API or WAHA. */
export function WhatsappWebhookCard({ settings }: { settings: LeadCaptureSettings }) {
  const rotate = useRotateWebhookToken(settings.branchId);
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { configured, webhookTokenSet } = settings.gateway;

  const generate = async () => {
    setFailure(null);
    try {
      setUrl((await rotate.mutateAsync()).webhookUrl);
    } catch (error) {
      if (isApiError(error) && error.code === 'session_expired') return;
      setFailure(errorMessage(error));
    }
  };

  return (
    <Card className="min-w-0 space-y-3 p-4">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">{texts.title}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{texts.description}</p>
      {!configured ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">{texts.noGateway}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">{webhookTokenSet ? texts.hasToken : texts.noToken}</p>
          <RotateButton
            label={texts.rotate}
            busyLabel={captureTexts.form.rotating}
            confirmTitle={texts.confirmTitle}
            confirmFirst={texts.confirmFirst}
            confirmRotate={texts.confirmRotate}
            replacing={webhookTokenSet}
            busy={rotate.isPending}
            onConfirm={generate}
          />
        </>
      )}
      {failure ? (
        <Alert>
          <p className="font-medium">{texts.rotateError}</p>
          <p>{failure}</p>
        </Alert>
      ) : null}
      {url ? <SecretUrlField url={url} texts={webhookUrlTexts} /> : null}
    </Card>
  );
}
