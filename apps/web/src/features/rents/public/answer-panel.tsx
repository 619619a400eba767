import { useId, useState, type FormEvent } from 'react';
import { CircleCheck, CircleMinus, CircleX } from 'lucide-react';
import {
  centsToMoney,
  moneyToCents,
  positiveMoneyInput,
  rentConfirmationAnswerLabels as answerLabels,
  rentConfirmationMessages,
  type RentConfirmationAnswerInput,
  type RentConfirmationView,
} from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useAnswerRentConfirmation } from './public-api';
import { confirmationTexts as texts } from './confirmation-texts';

type Step = 'choose' | 'partial' | 'none';

const amountSchema = positiveMoneyInput('Importe');

/** The amount typed, checked as the server will: more than zero, two decimals at most, less than what is owed. */
function checkAmount(typed: string, amountDue: string): { cents: number } | { error: string } {
  const parsed = amountSchema.safeParse(typed);
  if (!parsed.success) return { error: typed.trim() ? (parsed.error.issues[0]?.message ?? '') : rentConfirmationMessages.amountRequired };
  if (parsed.data >= (moneyToCents(amountDue) ?? 0)) return { error: rentConfirmationMessages.amountTooHigh(amountDue) };
  return { cents: parsed.data };
}

/**
 * The three answers as big buttons (a thumb on a phone): 'Sí, completa' sends at once; 'Parcial'
 * asks how much first; 'No' asks to confirm, since it puts the month in arrears and tells the office.
 */
export function AnswerPanel({ token, view, onAnswered }: { token: string; view: RentConfirmationView; onAnswered: () => void }) {
  const [step, setStep] = useState<Step>('choose');
  const answer = useAnswerRentConfirmation(token);
  // Recorded now, from this page: the page thanks the owner (a link found answered says only that).
  const send = (body: RentConfirmationAnswerInput) => answer.mutate(body, { onSuccess: onAnswered });
  const busy = answer.isPending;
  // A refused amount (400) is shown at its field; anything else above the buttons.
  const fieldError = isApiError(answer.error) && answer.error.status === 400 ? (answer.error.details.find((detail) => detail.field === 'amount')?.message ?? answer.error.message) : null;
  const failure = answer.isError && fieldError === null ? errorMessage(answer.error) : null;
  const backToChoices = () => {
    answer.reset();
    setStep('choose');
  };

  return (
    <div className="space-y-4">
      {failure ? <Alert>{failure}</Alert> : null}
      {step === 'choose' ? (
        <div className="grid gap-3">
          <BigButton icon={CircleCheck} disabled={busy} onClick={() => send({ answer: 'full' })}>
            {busy ? texts.sending : answerLabels.full}
          </BigButton>
          <BigButton icon={CircleMinus} variant="secondary" disabled={busy} onClick={() => setStep('partial')}>
            {answerLabels.partial}
          </BigButton>
          <BigButton icon={CircleX} variant="danger-outline" disabled={busy} onClick={() => setStep('none')}>
            {answerLabels.none}
          </BigButton>
        </div>
      ) : null}
      {step === 'partial' ? <PartialForm view={view} send={send} busy={busy} serverError={fieldError} onBack={backToChoices} /> : null}
      {step === 'none' ? (
        <section aria-labelledby="none-title" className="space-y-3 rounded-xl border border-red-200 bg-white p-4 dark:border-red-900 dark:bg-slate-900">
          <h2 id="none-title" className="text-base font-semibold">
            {texts.noConfirmTitle(view.period)}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{texts.noConfirmHint}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button variant="danger" className="h-12" disabled={busy} onClick={() => send({ answer: 'none' })}>
              {busy ? texts.sending : texts.noConfirm}
            </Button>
            <Button variant="secondary" className="h-12" disabled={busy} onClick={backToChoices}>
              {texts.cancel}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

function BigButton({ icon: Icon, variant = 'primary', ...props }: Omit<Parameters<typeof Button>[0], 'className'> & { icon: typeof CircleCheck }) {
  return (
    <Button variant={variant} className="h-14 w-full text-base" {...props}>
      <Icon aria-hidden="true" className="size-5" />
      {props.children}
    </Button>
  );
}

interface PartialFormProps {
  view: RentConfirmationView;
  send: (body: RentConfirmationAnswerInput) => void;
  busy: boolean;
  serverError: string | null;
  onBack: () => void;
}

function PartialForm({ view, send, busy, serverError, onBack }: PartialFormProps) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAmount(amount, view.amountDue);
    if ('error' in checked) return setError(checked.error);
    setError(null);
    send({ answer: 'partial', amount: centsToMoney(checked.cents) });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <h2 id={titleId} className="text-base font-semibold">
        {answerLabels.partial}
      </h2>
      <TextField
        label={texts.amountLabel}
        required
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        hint={texts.amountHint(view.amountDue)}
        error={error ?? serverError ?? undefined}
      />
      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="submit" className="h-12" disabled={busy} aria-busy={busy || undefined}>
          {busy ? texts.sending : texts.send}
        </Button>
        <Button variant="secondary" className="h-12" disabled={busy} onClick={onBack}>
          {texts.cancel}
        </Button>
      </div>
    </form>
  );
}
