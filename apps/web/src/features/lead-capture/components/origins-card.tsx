import { useEffect, useId, useState } from 'react';
import { Save } from 'lucide-react';
import { leadCaptureSettingsInputSchema, type LeadCaptureSettings } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { StaleVersionAlert, useStaleVersion } from '@/components/form/stale-version';
import { useReloadLeadCaptureSettings, useSaveOrigins } from '../api';
import { captureTexts } from './capture-texts';

const texts = captureTexts.origins;
const linesOf = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

/** The web sites whose pages may post the form from a browser (CORS), one per line. */
export function OriginsCard({ settings }: { settings: LeadCaptureSettings }) {
  const fieldId = useId();
  const saved = settings.origins.join('\n');
  const [text, setText] = useState(saved);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveOrigins(settings.branchId);
  const dirty = linesOf(text).join('\n') !== saved;
  const stale = useStaleVersion({
    record: settings,
    refetch: useReloadLeadCaptureSettings(settings.branchId),
    reset: (fresh) => setText(fresh.origins.join('\n')),
  });
  // Until something is typed, the version follows the screen's (a key rotated here raises it too).
  const { saved: follow } = stale;
  useEffect(() => {
    if (!dirty) follow(settings);
  }, [dirty, settings, follow]);

  const submit = async () => {
    const parsed = leadCaptureSettingsInputSchema.safeParse({ origins: linesOf(text) });
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? texts.saveError);
      return;
    }
    setFailure(null);
    try {
      const result = await save.mutateAsync({ input: parsed.data, ifMatch: stale.version });
      setText(result.origins.join('\n'));
      stale.saved(result);
      notify.success(texts.saved);
    } catch (error) {
      if (isSessionExpired(error)) return;
      // Someone saved first: what was typed stays, the alert offers their version.
      if (stale.caughtStale(error)) return;
      setFailure(errorMessage(error));
    }
  };

  return (
    <Card className="min-w-0 space-y-3 p-4">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">{texts.title}</h2>
      {settings.origins.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{texts.empty}</p> : null}
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {texts.label}
      </label>
      <textarea
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="https://www.inmobiliaria.mx"
        aria-describedby={`${fieldId}-hint`}
        aria-invalid={failure ? true : undefined}
        className="block h-28 w-full resize-y rounded-lg border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      />
      <p id={`${fieldId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
        {texts.hint}
      </p>
      <StaleVersionAlert state={stale} />
      {failure ? (
        <Alert>
          <p className="font-medium">{texts.saveError}</p>
          <p>{failure}</p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {dirty ? <span className="text-sm text-amber-700 dark:text-amber-400">{texts.unsaved}</span> : null}
        <Button onClick={() => void submit()} disabled={!dirty || save.isPending}>
          <Save aria-hidden="true" />
          {save.isPending ? texts.saving : texts.save}
        </Button>
      </div>
    </Card>
  );
}
