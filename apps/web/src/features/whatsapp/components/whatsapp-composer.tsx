import { useId, useState, type FormEvent } from 'react';
import { whatsappFieldLabels as labels, whatsappMessages as texts, type WhatsappLeadTemplate, type WhatsappSendInput } from '@portal/domain';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { describedControl, FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { controlClasses } from '@/components/ui/input';
import { useLeadTemplates, useSendWhatsapp } from '../api';

/**
 * Choose a template (its text for this lead fills the message) or write one, see it as it will
 * be sent, and send. An unedited template goes as the template (the server fills it again); an
 * edited one as the text shown.
 */
export function WhatsappComposer({ leadId }: { leadId: number }) {
  const templates = useLeadTemplates(leadId);
  const send = useSendWhatsapp(leadId);
  const [template, setTemplate] = useState<WhatsappLeadTemplate | null>(null);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const textId = useId();
  const previewId = useId();

  const choose = (id: string) => {
    const chosen = templates.data?.find((item) => String(item.id) === id) ?? null;
    setTemplate(chosen);
    if (chosen) setText(chosen.preview);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || send.isPending) return;
    setFailure(null);
    const body: Partial<WhatsappSendInput> = template && text === template.preview ? { templateId: template.id } : { text };
    try {
      const message = await send.mutateAsync(body);
      if (message.status === 'sent') notify.success(texts.sentToast);
      else notify.message(texts.queuedToast, message.gatewayResponse || undefined);
      setTemplate(null);
      setText('');
    } catch (error) {
      setFailure(errorMessage(error, texts.sendError));
    }
  };

  const templateHint = templates.isError ? 'No se pudieron cargar las plantillas' : templates.data?.length === 0 ? texts.templatesEmpty : undefined;

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {failure ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50/60 p-2.5 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/30 dark:text-red-300">
          {texts.sendError}: {failure}
        </p>
      ) : null}
      <SelectField
        label={labels.templateId}
        value={template ? String(template.id) : ''}
        onChange={(event) => choose(event.target.value)}
        disabled={templates.isPending || !templates.data?.length}
        hint={templates.isPending ? 'Cargando plantillas...' : templateHint}
      >
        <option value="">{texts.noTemplate}</option>
        {templates.data?.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </SelectField>
      <FormField id={textId} label={labels.text} required>
        <textarea
          {...describedControl(textId)}
          aria-required
          rows={4}
          maxLength={4000}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={cn(controlClasses, 'min-h-24 py-2')}
        />
      </FormField>
      {text.trim() ? (
        <section aria-labelledby={previewId} className="rounded-lg bg-emerald-50 p-2.5 text-sm dark:bg-emerald-950/40">
          <h4 id={previewId} className="text-xs font-medium text-emerald-800 dark:text-emerald-300">
            {texts.preview}
          </h4>
          <p className="mt-1 break-words whitespace-pre-wrap text-slate-800 dark:text-slate-100">{text}</p>
        </section>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={!text.trim() || send.isPending} aria-busy={send.isPending || undefined}>
          {send.isPending ? texts.sending : texts.send}
        </Button>
      </div>
    </form>
  );
}
