import { useState } from 'react';
import type { LeadCaptureSettings, WhatsappWebhookUrl } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { SecretUrlField } from '@/components/ui/secret-url-field';
import { useRotateWebhookToken } from '../api';
import { captureTexts, webhookSecretTexts, webhookUrlTexts } from './capture-texts';
import { RotateButton } from './rotate-button';

const texts = captureTexts.whatsapp;

/** The gateway's webhook URL and signing key: generated here, set in Evolution API or WAHA (issue 28). */
export function WhatsappWebhookCard({ settings }: { settings: LeadCaptureSettings }) {
  const rotate = useRotateWebhookToken(settings.branchId);
  const [issued, setIssued] = useState<WhatsappWebhookUrl | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { configured, webhookTokenSet, webhookSecretSet } = settings.gateway;

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
    <Card className="min-w-0 space-y-3 p-4">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">{texts.title}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{texts.description}</p>
      {!configured ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">{texts.noGateway}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">{webhookTokenSet ? texts.hasToken : texts.noToken}</p>
          {webhookTokenSet && !webhookSecretSet && !issued ? (
            <Alert>
              <p>{texts.noSecret}</p>
            </Alert>
          ) : null}
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
      {issued ? <IssuedWebhook issued={issued} /> : null}
    </Card>
  );
}

/** The URL and key just generated, shown this once, with how each gateway takes them. */
function IssuedWebhook({ issued }: { issued: WhatsappWebhookUrl }) {
  return (
    <div className="space-y-3">
      <SecretUrlField url={issued.webhookUrl} texts={webhookUrlTexts} />
      <SecretUrlField url={issued.webhookSecret} texts={webhookSecretTexts} />
      <div className="space-y-1 text-sm text-slate-600 dark:text-slate-400">
        <p className="font-medium text-slate-800 dark:text-slate-200">{texts.setupTitle}</p>
        <p>{texts.setupWaha}</p>
        <p>{texts.setupEvolution}</p>
      </div>
    </div>
  );
}
