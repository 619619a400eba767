import { useState } from 'react';
import { useParams } from 'react-router';
import { CheckCircle2, MapPin } from 'lucide-react';
import { rentConfirmationAnswerLabels, rentConfirmationMessages, type RentConfirmationView } from '@portal/domain';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { usePageTitle } from '@/lib/use-page-title';
import { InvalidLink, PublicLayout } from '@/features/public-links';
import { AnswerPanel } from './answer-panel';
import { confirmationTexts as texts } from './confirmation-texts';
import { useRentConfirmation } from './public-api';

/**
 * /r/{token}: the owner's page (issue 32), no session, made for a phone: did this month's rent
 * arrive? Three answers, a thank-you once sent; a link answered before says so, one no longer
 * valid says only that.
 */
export function RentConfirmationPage() {
  const token = useParams().token ?? '';
  const confirmation = useRentConfirmation(token);
  usePageTitle(texts.pageTitle);
  // The answer sent from this page (the thank-you) rather than found answered when it opened.
  const [sentHere, setSentHere] = useState(false);

  if (confirmation.isPending) {
    return (
      <PublicLayout>
        <Spinner className="mt-16" label={texts.loading} />
      </PublicLayout>
    );
  }
  if (confirmation.isError) {
    // A wrong, expired or answered-and-settled link (404) and a malformed one (400) look the same.
    const invalid = isApiError(confirmation.error) && (confirmation.error.status === 404 || confirmation.error.status === 400);
    return <PublicLayout>{invalid ? <InvalidLink /> : <QueryError query={confirmation} title={texts.loadError} />}</PublicLayout>;
  }
  const view = confirmation.data;
  return (
    <PublicLayout branchName={view.branchName}>
      <article aria-labelledby="question" className="space-y-5">
        <p className="text-sm text-slate-600 dark:text-slate-400">{texts.greeting(view.ownerName)}</p>
        <h1 id="question" className="text-xl font-semibold">
          {rentConfirmationMessages.question(view.period, view.amountDue)}
        </h1>
        {view.propertyAddress ? (
          <p className="flex items-start gap-1.5 text-sm text-slate-600 dark:text-slate-400">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              <span className="sr-only">{texts.property}: </span>
              {view.propertyAddress}
            </span>
          </p>
        ) : null}
        {view.answered ? <Answered view={view} answered={view.answered} thanks={sentHere} /> : <AnswerPanel token={token} view={view} onAnswered={() => setSentHere(true)} />}
      </article>
    </PublicLayout>
  );
}

function Answered({ view, answered, thanks }: { view: RentConfirmationView; answered: NonNullable<RentConfirmationView['answered']>; thanks: boolean }) {
  return (
    <section role="status" className="space-y-2 rounded-xl border border-emerald-200 bg-white p-4 dark:border-emerald-900 dark:bg-slate-900">
      <p className="flex items-center gap-2 text-base font-semibold text-emerald-800 dark:text-emerald-300">
        <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
        {thanks ? texts.thanks : rentConfirmationMessages.alreadyAnswered}
      </p>
      {thanks ? <p className="text-sm">{texts.thanksDetail(answered.answer, view.period)}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500 dark:text-slate-400">{texts.yourAnswer}</dt>
        <dd>{rentConfirmationAnswerLabels[answered.answer]}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{texts.answeredOn}</dt>
        <dd>{formatLongDate(answered.at)}</dd>
      </dl>
      {thanks ? <p className="text-sm text-slate-600 dark:text-slate-400">{texts.closeHint}</p> : null}
    </section>
  );
}
