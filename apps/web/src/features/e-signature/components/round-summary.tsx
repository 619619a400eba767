import { contractDocumentKinds, contractDocumentLabels, signatureMethodLabels, signingOrderLabels, type SigningRound } from '@portal/domain';
import { formatDateTime } from '@/lib/dates';

/**
 * How the round signs (issue 35), said plainly: each document's method, why anything went to paper,
 * the order and the deadline.
 */
export function RoundSummary({ round }: { round: SigningRound }) {
  return (
    <div className="space-y-2 border-b border-slate-100 px-4 py-3 text-sm dark:border-slate-800">
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {contractDocumentKinds.map((kind) => (
          <div key={kind} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{contractDocumentLabels[kind]}</dt>
            <dd>{signatureMethodLabels[round.methods[kind]]}</dd>
          </div>
        ))}
        <dt className="text-slate-500 dark:text-slate-400">Orden</dt>
        <dd>{signingOrderLabels[round.order]}</dd>
        {round.expiresAt ? (
          <>
            <dt className="text-slate-500 dark:text-slate-400">{round.status === 'open' ? 'Vence' : 'Vencía'}</dt>
            <dd>{formatDateTime(round.expiresAt)}</dd>
          </>
        ) : null}
      </dl>
      {round.paperReason ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950 dark:text-amber-200">Por qué en papel: {round.paperReason}</p> : null}
    </div>
  );
}
