import { useState, type FormEvent } from 'react';
import { createLinkInputSchema, linkExpiryDays, type IssuedLink, type LinkRecipient } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { linkTexts, partyLabel } from './link-texts';

/** What the dialog asks: for a new link, the person too; for a resend, the person is the link's. */
export type LinkFormRequest =
  | { mode: 'create'; recipients: LinkRecipient[] }
  | { mode: 'resend'; linkId: number; person: string; email: string; /** A signing link: only e-mailed, to the signer (issue 35). */ signing?: boolean };

export interface LinkFormValues {
  expiresInDays: number;
  sendEmail: boolean;
  recipient?: LinkRecipient;
}

const recipientKey = (recipient: Pick<LinkRecipient, 'party' | 'partyIndex'>) => `${recipient.party}:${recipient.partyIndex}`;

/** 'Inquilino 2: Pedro Ruiz', numbered when the policy has several of the party. */
function recipientLabel(recipient: LinkRecipient, recipients: LinkRecipient[]) {
  const count = recipients.filter((each) => each.party === recipient.party).length;
  return `${partyLabel(recipient.party, recipient.partyIndex, count)}: ${recipient.name}`;
}

interface LinkFormDialogProps {
  request: LinkFormRequest | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: LinkFormValues) => Promise<IssuedLink>;
}

/** 'Nuevo enlace' and 'Reenviar enlace': the person, how many days it lives, and whether to e-mail it. */
export function LinkFormDialog({ request, busy, onClose, onSubmit }: LinkFormDialogProps) {
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      {request ? (
        <DialogContent
          title={request.mode === 'create' ? linkTexts.newLink : linkTexts.resendTitle}
          description={request.mode === 'create' ? linkTexts.intro : `${request.person}. ${linkTexts.resendDescription}`}
        >
          <LinkForm request={request} busy={busy} onClose={onClose} onSubmit={onSubmit} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function LinkForm({ request, busy, onClose, onSubmit }: LinkFormDialogProps & { request: LinkFormRequest }) {
  const recipients = request.mode === 'create' ? request.recipients : [];
  const [chosen, setChosen] = useState(recipients[0] ? recipientKey(recipients[0]) : '');
  const [days, setDays] = useState(String(linkExpiryDays.default));
  const [sendEmail, setSendEmail] = useState(false);
  const [daysError, setDaysError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const recipient = recipients.find((each) => recipientKey(each) === chosen);
  const email = request.mode === 'create' ? (recipient?.email ?? '') : request.email;
  const signing = request.mode === 'resend' && request.signing === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // The server's own rule for the days (1 to 30) and its message.
    const parsed = createLinkInputSchema.shape.expiresInDays.safeParse(days.trim());
    setDaysError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    try {
      await onSubmit({ expiresInDays: parsed.data, sendEmail: signing || (sendEmail && email !== ''), ...(recipient ? { recipient } : {}) });
    } catch (error) {
      if (isSessionExpired(error)) return;
      setFailure(errorMessage(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
      {request.mode === 'create' ? (
        <SelectField label={linkTexts.person} required value={chosen} onChange={(event) => setChosen(event.target.value)}>
          {recipients.map((each) => (
            <option key={recipientKey(each)} value={recipientKey(each)}>
              {recipientLabel(each, recipients)}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField
        label={linkTexts.expiresInDays}
        required
        type="number"
        inputMode="numeric"
        min={linkExpiryDays.min}
        max={linkExpiryDays.max}
        value={days}
        onChange={(event) => setDays(event.target.value)}
        hint={`De ${linkExpiryDays.min} a ${linkExpiryDays.max} días.`}
        error={daysError}
      />
      <CheckboxField
        label={linkTexts.sendEmail}
        checked={signing || (sendEmail && email !== '')}
        disabled={signing || email === ''}
        onChange={(event) => setSendEmail(event.target.checked)}
        hint={signing ? linkTexts.signEmailOnlyHint(email) : email === '' ? linkTexts.noEmailHint : linkTexts.emailHint(email)}
      />
      {failure ? (
        <Alert>
          <p className="font-medium">{request.mode === 'create' ? linkTexts.createFailed : linkTexts.resendFailed}</p>
          <p>{failure}</p>
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" disabled={busy || (request.mode === 'create' && !recipient)}>
          {request.mode === 'create' ? (busy ? linkTexts.creating : linkTexts.create) : busy ? linkTexts.resending : linkTexts.resend}
        </Button>
      </div>
    </form>
  );
}
