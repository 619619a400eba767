import { Link, useParams } from 'react-router';
import { ArrowLeft, FileText } from 'lucide-react';
import { hasRole, linkPartyLabels, moveOutEditorRoles, moveOutMessages, moveOutStateLabels, type MoveOutActa } from '@portal/domain';
import { paths } from '@/lib/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DownloadButton } from '@/components/download-button';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { useSession } from '@/features/auth';
import { downloadActaPdf, useMoveOut } from '../api';
import { ActaForm } from '../components/acta-form';

const stateTones = { draft: 'neutral', signing: 'brand', signed: 'success' } as const;

/** /policies/:id/entrega: the acta de entrega-recepción of the policy (issue 32). */
export function MoveOutPage() {
  const id = Number(useParams().id);
  const acta = useMoveOut(id);
  const canEdit = hasRole(useSession().user?.role, moveOutEditorRoles);
  usePageTitle(acta.data ? `Entrega del inmueble ${acta.data.folio}` : 'Entrega del inmueble');
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.policies.detail.to(id, 'entrega')}>
          <ArrowLeft aria-hidden="true" />
          Volver al expediente
        </Link>
      </Button>
      <QueryState query={acta} loading="Cargando acta de entrega..." errorTitle="Error al cargar el acta de entrega" isEmpty={() => false}>
        {(stored) => <ActaContent acta={stored} canEdit={canEdit} />}
      </QueryState>
    </div>
  );
}

function ActaContent({ acta, canEdit }: { acta: MoveOutActa; canEdit: boolean }) {
  return (
    <>
      <PageHeader
        title="Entrega del inmueble"
        description={`Acta de entrega-recepción · Póliza ${acta.folio}`}
        actions={
          <>
            <Badge tone={stateTones[acta.state]}>{moveOutStateLabels[acta.state]}</Badge>
            {acta.hasPdf ? (
              <DownloadButton
                label={acta.state === 'signed' ? 'Descargar acta firmada' : 'Descargar acta'}
                icon={FileText}
                variant="secondary"
                fetchFile={() => downloadActaPdf(acta.policyId)}
                fileName={`acta-entrega-${acta.folio}.pdf`}
                errorTitle="Error al descargar el acta"
              />
            ) : null}
          </>
        }
      />
      <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-200">{moveOutMessages.lawyerDraft}</p>
      {acta.signing ? <Signers signing={acta.signing} /> : null}
      <ActaForm key={acta.version} acta={acta} canEdit={canEdit} />
    </>
  );
}

function Signers({ signing }: { signing: NonNullable<MoveOutActa['signing']> }) {
  return (
    <section aria-labelledby="firmantes" className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="firmantes" className="text-base font-semibold">
        Firmas
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {signing.signers.map((signer) => (
          <li key={`${signer.party}-${signer.name}`} className="flex flex-wrap justify-between gap-2">
            <span>
              {signer.name} · {linkPartyLabels[signer.party]}
            </span>
            <span className="text-slate-600 dark:text-slate-400">{signer.signedAt ? 'Firmó' : signer.declinedAt ? 'Rechazó firmar' : 'Pendiente'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
