import { useState } from 'react';
import { useParams } from 'react-router';
import { SearchX } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useVerificationByCode, useVerifyPdf } from './api';
import { PdfDropZone } from './components/pdf-drop-zone';
import { VerificationLayout } from './components/verification-layout';
import { AuthenticBanner, VerificationResultView } from './components/verification-result';
import { verificationTexts as texts } from './verification-texts';

const maxBytes = 25 * 1024 * 1024;

/**
 * /verificar and /verificar/{code} (issue 35): public, no session, for anyone holding a signed
 * PDF or the code on its evidence page. The PDF goes to the server as it is; nothing is computed
 * in the browser.
 */
export function VerificationPage() {
  const code = useParams().code;
  usePageTitle(texts.pageTitle);
  return (
    <VerificationLayout>
      <h1 className="text-xl font-semibold">{texts.pageTitle}</h1>
      {code ? <ByCode code={code.toUpperCase()} /> : <ByFile />}
    </VerificationLayout>
  );
}

/** What is wrong with a file before it is sent ('' when nothing): the server checks the same. */
function fileProblem(file: File): string {
  const isPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!isPdf) return texts.notPdf;
  return file.size > maxBytes ? texts.tooLarge : '';
}

function NoMatch({ title, detail }: { title: string; detail: string }) {
  return (
    <section role="alert" className="space-y-1 rounded-xl border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/40">
      <p className="flex items-start gap-2 text-base font-semibold text-red-900 dark:text-red-100">
        <SearchX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-400" />
        {title}
      </p>
      <p className="text-sm text-red-900/80 dark:text-red-100/80">{detail}</p>
    </section>
  );
}

/**
 * The upload: a PDF chosen or dropped is checked at once (checking sends nothing anywhere else,
 * so there is nothing to confirm). On a code's page (`expectedCode`) a match shows only the
 * banner, and says so when the PDF is another round's document.
 */
function ByFile({ expectedCode }: { expectedCode?: string }) {
  const verify = useVerifyPdf();
  const [problem, setProblem] = useState('');
  const onFile = (file: File) => {
    const found = fileProblem(file);
    setProblem(found);
    if (!found) verify.mutate(file);
  };

  if (verify.isPending) return <Spinner label={texts.checking} className="py-10" />;
  if (verify.isSuccess) {
    const result = verify.data;
    return (
      <div className="space-y-4">
        {expectedCode === undefined ? <VerificationResultView result={result} /> : <AuthenticBanner result={result} />}
        {expectedCode !== undefined && result.code !== expectedCode ? <Alert>{texts.otherCode(result.code)}</Alert> : null}
        <Button variant="secondary" onClick={() => verify.reset()}>
          {texts.another}
        </Button>
      </div>
    );
  }
  const noMatch = verify.isError && isApiError(verify.error) && verify.error.status === 404;
  return (
    <div className="space-y-3">
      {expectedCode === undefined ? <p className="text-sm text-slate-600 dark:text-slate-400">{texts.intro}</p> : null}
      {noMatch ? <NoMatch title={texts.noMatch} detail={texts.noMatchDetail} /> : null}
      <PdfDropZone onFile={onFile} />
      {problem ? <Alert>{problem}</Alert> : null}
      {verify.isError && !noMatch ? <Alert>{errorMessage(verify.error)}</Alert> : null}
    </div>
  );
}

/** The round a code names, then the upload to check a PDF against it. */
function ByCode({ code }: { code: string }) {
  const found = useVerificationByCode(code);
  if (found.isPending) return <Spinner label={texts.loadingCode} className="py-16" />;
  if (found.isError) {
    // An unknown code (404) and a malformed one (400) read the same to the person.
    const unknown = isApiError(found.error) && (found.error.status === 404 || found.error.status === 400);
    if (!unknown) return <QueryError query={found} title={texts.loadError} />;
    return (
      <>
        <NoMatch title={texts.codeUnknown} detail={texts.codeUnknownDetail} />
        <ByFile />
      </>
    );
  }
  return (
    <>
      <VerificationResultView result={found.data} />
      <section aria-labelledby="verification-upload" className="space-y-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        <h2 id="verification-upload" className="text-base font-semibold">
          {texts.haveThePdf}
        </h2>
        <ByFile expectedCode={found.data.code} />
      </section>
    </>
  );
}
