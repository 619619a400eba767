import { RefreshCcw, Ban } from 'lucide-react';
import { linkPurposeLabels, linkStateLabels, type LinkRecipient, type LinkState, type PublicLink } from '@portal/domain';
import { formatDate, formatDateTime } from '@/lib/dates';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { linkTexts, partyLabel } from './link-texts';

const stateTones: Record<LinkState, 'neutral' | 'success' | 'danger' | 'brand'> = {
  sent: 'brand',
  opened: 'brand',
  finished: 'success',
  expired: 'neutral',
  revoked: 'danger',
};

/** Whether 'Reenviar' makes sense: a revoked or finished link is done with. */
const canResend = (link: PublicLink) => link.state !== 'revoked' && link.state !== 'finished';

interface LinkListProps {
  folio: string;
  links: PublicLink[];
  recipients: LinkRecipient[];
  /** Absent for those who do not send links (the lawyer, issue 33): no 'Reenviar'. */
  onResend?: ((link: PublicLink) => void) | undefined;
  onRevoke: (link: PublicLink) => void;
}

/** One line per link: who, what for, its state, until when, when last e-mailed, and its actions. */
export function LinkList({ folio, links, recipients, onResend, onRevoke }: LinkListProps) {
  const count = (link: PublicLink) => recipients.filter((each) => each.party === link.party).length;
  return (
    <ul aria-label={`Enlaces de la póliza ${folio}`} className="divide-y divide-slate-100 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {links.map((link) => {
        const person = `${partyLabel(link.party, link.partyIndex, count(link))}: ${link.partyName}`;
        return (
          <li key={link.id} data-testid="public-link" className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium break-words text-slate-900 dark:text-white">
                <span className="min-w-0 break-words">{person}</span>
                <Badge tone={stateTones[link.state]}>{linkStateLabels[link.state]}</Badge>
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {linkPurposeLabels[link.purpose]} · {linkTexts.expires}: {formatDate(link.expiresAt)} · {linkTexts.lastSent}:{' '}
                {link.lastSentAt ? formatDateTime(link.lastSentAt) : linkTexts.notSent}
              </p>
              {link.createdByName ? <p className="text-xs text-slate-500 dark:text-slate-400">Creado por {link.createdByName} el {formatDateTime(link.createdAt)}</p> : null}
            </div>
            <div className="flex flex-wrap gap-2">
              {onResend && canResend(link) ? (
                <Button variant="secondary" size="sm" onClick={() => onResend(link)} aria-label={`${linkTexts.resend} el enlace de ${person}`}>
                  <RefreshCcw aria-hidden="true" />
                  {linkTexts.resend}
                </Button>
              ) : null}
              {link.state === 'revoked' ? null : (
                <Button variant="danger-outline" size="sm" onClick={() => onRevoke(link)} aria-label={`${linkTexts.revoke} el enlace de ${person}`}>
                  <Ban aria-hidden="true" />
                  {linkTexts.revoke}
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
