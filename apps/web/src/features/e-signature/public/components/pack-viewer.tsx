import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fetchSigningPack } from '../api';

/**
 * The pack as the signer reads it: each page of the PDF served at …/signing/pack drawn on a
 * canvas with pdf.js (loaded only here, with its worker from the same origin), as wide as the
 * screen and sharp at the device's pixel ratio.
 */
export function PackViewer({ token }: { token: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; pages: number }>({ status: 'loading', pages: 0 });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    let destroy: (() => Promise<void>) | undefined;
    const host = container.current;
    void (async () => {
      try {
        const [pdfjs, worker, bytes] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url'), fetchSigningPack(token, abort.signal)]);
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const document = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
        destroy = () => document.destroy();
        if (abort.signal.aborted || !host) return;
        host.replaceChildren();
        const ratio = window.devicePixelRatio || 1;
        for (let number = 1; number <= document.numPages; number++) {
          const page = await document.getPage(number);
          if (abort.signal.aborted) return;
          const width = host.clientWidth || 360;
          const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
          const canvas = window.document.createElement('canvas');
          canvas.width = Math.floor(viewport.width * ratio);
          canvas.height = Math.floor(viewport.height * ratio);
          canvas.style.width = '100%';
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', `Página ${number} de ${document.numPages}`);
          canvas.className = 'block rounded border border-slate-200 bg-white shadow-sm dark:border-slate-700';
          host.append(canvas);
          const context = canvas.getContext('2d');
          if (!context) continue;
          await page.render({ canvasContext: context, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
        }
        setState({ status: 'ready', pages: document.numPages });
      } catch {
        if (!abort.signal.aborted) setState({ status: 'error', pages: 0 });
      }
    })();
    return () => {
      abort.abort();
      void destroy?.();
    };
  }, [token, attempt]);

  return (
    <div>
      {state.status === 'loading' ? <Spinner className="py-8" label="Cargando los documentos..." /> : null}
      {state.status === 'error' ? (
        <div className="space-y-2">
          <Alert>No se pudieron mostrar los documentos.</Alert>
          <Button
            variant="secondary"
            onClick={() => {
              setState({ status: 'loading', pages: 0 });
              setAttempt((n) => n + 1);
            }}
          >
            Reintentar
          </Button>
        </div>
      ) : null}
      <div
        ref={container}
        data-testid="signing-pack"
        data-pages={state.pages}
        tabIndex={0}
        aria-label="Documentos para firmar"
        className="max-h-[70dvh] space-y-3 overflow-y-auto rounded-lg bg-slate-100 p-2 dark:bg-slate-900"
      />
    </div>
  );
}
