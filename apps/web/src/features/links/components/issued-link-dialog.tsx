import { useId, useRef } from 'react';
import { Copy, MessageCircle } from 'lucide-react';
import { linkPartyLabels, type IssuedLink } from '@portal/domain';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { linkTexts } from './link-texts';

/**
 * The URL of a link just made (or made again): the only time it is shown, since the server keeps
 * only its hash. Copy it, or open WhatsApp with the message already written.
 */
export function IssuedLinkDialog({ issued, emailed, onClose }: { issued: IssuedLink | null; emailed: boolean; onClose: () => void }) {
  return (
    <Dialog open={issued !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {issued ? (
        <DialogContent title={linkTexts.issuedTitle} description={`${linkPartyLabels[issued.link.party]}: ${issued.link.partyName}`}>
          <div className="mt-4 space-y-4">
            <LinkUrl url={issued.url} />
            {emailed && issued.link.email ? <p className="text-sm text-slate-600 dark:text-slate-400">{linkTexts.emailed(issued.link.email)}</p> : null}
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              {issued.whatsappUrl ? (
                <Button asChild variant="success-outline">
                  <a href={issued.whatsappUrl} target="_blank" rel="noopener noreferrer">
                    <MessageCircle aria-hidden="true" />
                    {linkTexts.whatsapp}
                  </a>
                </Button>
              ) : (
                <Button variant="success-outline" disabled>
                  <MessageCircle aria-hidden="true" />
                  {linkTexts.noMobile}
                </Button>
              )}
              <Button onClick={onClose}>Listo</Button>
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function LinkUrl({ url }: { url: string }) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('clipboard');
      await navigator.clipboard.writeText(url);
      notify.success(linkTexts.copied);
    } catch {
      // Without the clipboard (an http address, an old browser) the text is left selected to copy by hand.
      input.current?.focus();
      input.current?.select();
      notify.error(linkTexts.copyFailed, linkTexts.copyFailedHint);
    }
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {linkTexts.urlLabel}
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
          {linkTexts.copy}
        </Button>
      </div>
      <p id={hintId} className="text-xs text-amber-800 dark:text-amber-300">
        {linkTexts.shownOnce}
      </p>
    </div>
  );
}
