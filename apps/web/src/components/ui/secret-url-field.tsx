import { useId, useRef } from 'react';
import { Copy } from 'lucide-react';
import { copyText } from '@/lib/copy-text';
import { notify } from '@/lib/toast';
import { Button } from './button';
import { Input } from './input';

export interface SecretUrlTexts {
  label: string;
  /** Under the field: that it is shown only now, and what to do if it is lost. */
  shownOnce: string;
  copy: string;
  copied: string;
  copyFailed: string;
  copyFailedHint: string;
}

/**
 * A private address shown once (a calendar feed, a person's link): read-only, selected on focus,
 * with 'Copiar'. Without the clipboard (an http address, an old browser) the text is left
 * selected to copy by hand, and the toast says so.
 */
export function SecretUrlField({ url, texts }: { url: string; texts: SecretUrlTexts }) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    if (await copyText(url)) return void notify.success(texts.copied);
    input.current?.focus();
    input.current?.select();
    notify.error(texts.copyFailed, texts.copyFailedHint);
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {texts.label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={input}
          id={inputId}
          readOnly
          value={url}
          aria-describedby={hintId}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 font-mono text-xs"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {texts.copy}
        </Button>
      </div>
      <p id={hintId} className="text-xs text-amber-800 dark:text-amber-300">
        {texts.shownOnce}
      </p>
    </div>
  );
}
