import { useId, useState } from 'react';
import { Save } from 'lucide-react';
import { savePrivacyNoticeInputSchema, type PrivacyNotice, type PrivacyNoticeVersions } from '@portal/domain';
import { errorMessage, isSessionExpired, isStaleVersion } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { StaleVersionAlert } from '@/components/form/stale-version';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { usePrivacyNotice, useSavePrivacyNotice } from '../api';

const title = 'Aviso de privacidad';

/**
 * /admin/privacy: the aviso the people outside accept before uploading or signing. Each save is a
 * new version (every acceptance names the version the person read); older ones stay listed.
 */
export function PrivacyNoticePage() {
  usePageTitle(title);
  const notice = usePrivacyNotice();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title={title}
        description="El texto que ven inquilinos, avales y propietarios antes de subir documentos o firmar por enlace. Cada cambio se guarda como una nueva versión y se pide aceptarla de nuevo."
      />
      <QueryState query={notice} loading="Cargando aviso de privacidad..." errorTitle="Error al cargar el aviso de privacidad">
        {/* A new current version (after saving) starts the editor afresh from the saved text. */}
        {(versions) => <NoticeEditor key={versions.current.version} state={versions} onReload={() => notice.refetch()} />}
      </QueryState>
    </div>
  );
}

/** The editor of the version it was opened at (its key): 'Recargar' after a 412 opens the newer one. */
function NoticeEditor({ state, onReload }: { state: PrivacyNoticeVersions; onReload: () => Promise<unknown> }) {
  const editorId = useId();
  const [text, setText] = useState(state.current.text);
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    await onReload().finally(() => setReloading(false));
  };
  const save = useSavePrivacyNotice();
  const dirty = text !== state.current.text;

  const submit = async () => {
    const parsed = savePrivacyNoticeInputSchema.safeParse({ text });
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ body: parsed.data, ifMatch: state.current.version });
      notify.success(`Aviso de privacidad guardado (versión ${saved.current.version})`);
    } catch (error) {
      if (isSessionExpired(error)) return;
      // Another admin saved first: the text typed here stays, 'Recargar' shows theirs.
      if (isStaleVersion(error)) return setStale(error.message);
      setFailure(errorMessage(error));
    }
  };

  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <UnsavedChangesGuard dirty={dirty && !save.isPending} />
      <Card className="min-w-0 space-y-3 p-4">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Versión {state.current.version} · guardada el {formatDateTime(state.current.createdAt)} por {state.current.createdByName}
        </p>
        <label htmlFor={editorId} className="block text-sm font-medium text-slate-900 dark:text-white">
          Texto del aviso
        </label>
        <textarea
          id={editorId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={failure ? true : undefined}
          aria-describedby={failure ? `${editorId}-error` : undefined}
          className="block h-[28rem] w-full resize-y rounded-lg border border-slate-300 bg-white p-3 text-sm leading-relaxed text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        />
        <StaleVersionAlert state={{ message: stale, reloading, reload }} />
        {failure ? (
          <div id={`${editorId}-error`}>
            <Alert>
              <p className="font-medium">No se pudo guardar el aviso de privacidad</p>
              <p>{failure}</p>
            </Alert>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center justify-end gap-2">
          {dirty ? <span className="text-sm text-amber-700 dark:text-amber-400">Cambios sin guardar</span> : null}
          <Button variant="secondary" onClick={() => setText(state.current.text)} disabled={!dirty || save.isPending}>
            Descartar cambios
          </Button>
          <Button onClick={() => void submit()} disabled={!dirty || save.isPending}>
            <Save aria-hidden="true" />
            {save.isPending ? 'Guardando...' : 'Guardar nueva versión'}
          </Button>
        </div>
      </Card>
      <NoticeVersions versions={state.versions} current={state.current.version} />
    </div>
  );
}

function NoticeVersions({ versions, current }: { versions: PrivacyNotice[]; current: number }) {
  return (
    <Card className="min-w-0 p-4">
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Versiones</h2>
      <ul aria-label="Versiones del aviso de privacidad" className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
        {versions.map((version) => (
          <li key={version.version} data-testid="privacy-version" className="py-2">
            <p className="flex items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
              Versión {version.version}
              {version.version === current ? <Badge tone="success">Vigente</Badge> : null}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {formatDateTime(version.createdAt)} · {version.createdByName}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
