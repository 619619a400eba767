import { MessageCircle } from 'lucide-react';
import { linkPartyLabels, type IssuedLink } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { SecretUrlField } from '@/components/ui/secret-url-field';
import { linkTexts } from './link-texts';

/**
 * The URL of a link just made (or made again): the only time it is shown, since the server keeps
 * only its hash. Copy it, or open WhatsApp with the message already written. A signing link's URL
 * never comes (issue 35): the dialog says where it was e-mailed.
 */
export function IssuedLinkDialog({ issued, emailed, onClose }: { issued: IssuedLink | null; emailed: boolean; onClose: () => void }) {
  return (
    <Dialog open={issued !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {issued ? (
        <DialogContent title={linkTexts.issuedTitle} description={`${linkPartyLabels[issued.link.party]}: ${issued.link.partyName}`}>
          <div className="mt-4 space-y-4">
            {issued.url === null ? (
              // A signing link is the signer's own (issue 35): it went to their e-mail and is never shown here.
              <p className="text-sm text-slate-700 dark:text-slate-300">{linkTexts.signEmailedOnly(issued.link.email)}</p>
            ) : (
              <>
                <SecretUrlField url={issued.url} texts={{ ...linkTexts, label: linkTexts.urlLabel }} />
                {emailed && issued.link.email ? <p className="text-sm text-slate-600 dark:text-slate-400">{linkTexts.emailed(issued.link.email)}</p> : null}
              </>
            )}
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              {issued.url === null ? null : issued.whatsappUrl ? (
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
