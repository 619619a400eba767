import { CheckCircle2, Clock } from 'lucide-react';
import { revocationStatusLabels, timestampStatusLabels, type VerificationResult } from '@portal/domain';
import { Badge } from '@/components/ui/badge';
import { DetailList } from '@/components/ui/detail-list';
import { mexicoCityTime, verificationTexts as texts } from '../verification-texts';

const methodLabels = { simple: 'Firma electrónica simple', efirma: 'Firma electrónica avanzada (e.firma del SAT)', paper: 'En papel' } as const;

/** A SHA-256, which must wrap anywhere on a phone. */
function Hash({ value }: { value: string }) {
  return <span className="block font-mono text-xs break-all text-slate-600 dark:text-slate-400">{value}</span>;
}

/** The banner: the document matched (an upload) or the round found (a code). */
export function AuthenticBanner({ result }: { result: VerificationResult }) {
  return (
    <section role="status" className="space-y-1 rounded-xl border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-900 dark:bg-emerald-950/40">
      <p className="flex items-start gap-2 text-base font-semibold text-emerald-900 dark:text-emerald-100">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
        {result.matched ? texts.authentic(result.matched.label) : texts.foundByCode}
      </p>
      {result.matched ? <Hash value={`${texts.hash}: ${result.matched.sha256}`} /> : null}
    </section>
  );
}

/** What the portal's record says of the signed document: what, when, who (masked), how, and the time-stamp. */
export function VerificationResultView({ result }: { result: VerificationResult }) {
  return (
    <div className="space-y-5">
      <AuthenticBanner result={result} />
      <DetailList
        items={[
          { label: texts.subject, value: result.subject },
          ...(result.packVersion > 0 ? [{ label: texts.version, value: String(result.packVersion) }] : []),
          { label: texts.completedAt, value: mexicoCityTime(result.completedAt), wide: true },
          ...(result.code ? [{ label: texts.code, value: <span className="font-mono">{result.code}</span> }] : []),
        ]}
      />
      <Documents result={result} />
      <Signatures result={result} />
      <Timestamp timestamp={result.timestamp} />
    </div>
  );
}

function Documents({ result }: { result: VerificationResult }) {
  return (
    <section aria-labelledby="verification-documents" className="space-y-2">
      <h2 id="verification-documents" className="text-base font-semibold">
        {texts.documents}
      </h2>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {result.documents.map((document) => (
          <li key={document.sha256} className="space-y-0.5 px-3 py-2.5 text-sm">
            <span className="flex flex-wrap items-center gap-2 font-medium">
              {document.label}
              {result.matched?.sha256 === document.sha256 ? <Badge tone="success">{texts.thisDocument}</Badge> : null}
            </span>
            <Hash value={`${texts.hash}: ${document.sha256}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Signatures({ result }: { result: VerificationResult }) {
  return (
    <section aria-labelledby="verification-signatures" className="space-y-2">
      <h2 id="verification-signatures" className="text-base font-semibold">
        {texts.signatures}
      </h2>
      <ul className="space-y-2">
        {result.signatures.map((signature, index) => (
          <li key={index} className="space-y-1 rounded-xl border border-slate-200 bg-white px-3 py-2.5 text-sm dark:border-slate-800 dark:bg-slate-900">
            <p className="font-medium">
              {signature.nameMasked} <span className="font-normal text-slate-500 dark:text-slate-400">({signature.party})</span>
            </p>
            <p>{methodLabels[signature.method]}</p>
            <p className="text-slate-600 dark:text-slate-400">{mexicoCityTime(signature.signedAt)}</p>
            {signature.certificateSerial ? (
              <p>
                {texts.certificate} <span className="font-mono">{signature.certificateSerial}</span>
              </p>
            ) : null}
            {signature.revocation ? (
              <p className="text-slate-600 dark:text-slate-400">
                {texts.revocation}: {revocationStatusLabels[signature.revocation]}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Timestamp({ timestamp }: { timestamp: VerificationResult['timestamp'] }) {
  const stamped = timestamp.status === 'stamped';
  return (
    <section aria-labelledby="verification-timestamp" className="space-y-2">
      <h2 id="verification-timestamp" className="flex items-center gap-2 text-base font-semibold">
        <Clock aria-hidden="true" className="size-4" />
        {texts.timestamp}
      </h2>
      <Badge tone={stamped ? 'success' : 'neutral'}>{timestampStatusLabels[timestamp.status]}</Badge>
      <DetailList
        items={[
          ...(stamped && timestamp.time ? [{ label: texts.stampedAt, value: mexicoCityTime(timestamp.time), wide: true }] : []),
          ...(stamped && timestamp.authority ? [{ label: texts.authority, value: timestamp.authority, wide: true }] : []),
          ...(stamped && timestamp.serial ? [{ label: texts.serial, value: <span className="font-mono">{timestamp.serial}</span>, wide: true }] : []),
          ...(timestamp.digest ? [{ label: texts.digest, value: <Hash value={timestamp.digest} />, wide: true }] : []),
        ]}
      />
    </section>
  );
}
