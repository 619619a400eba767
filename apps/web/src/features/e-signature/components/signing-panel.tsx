import { useState } from 'react';
import { Download } from 'lucide-react';
import { hasRole, linkPartyLabels, policyEditorRoles, signingRoundStatusLabels, type SigningRound } from '@portal/domain';
import { useSession } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { saveBlob } from '@/lib/blob-files';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { fetchPackVersion, usePolicySigning } from '../api';
import { ResendRoundButton } from './resend-round-button';
import { RoundEvidence } from './round-evidence';
import { RoundSummary } from './round-summary';
import { SignerDetails, SignerState } from './signer-state';

const roundTone = { open: 'brand', completed: 'success', declined: 'danger', cancelled: 'neutral', expired: 'danger' } as const;

function SignedPackButton({ policyId, version, folio }: { policyId: number; version: number; folio: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchPackVersion(policyId, version), `contratos-firmados_${folio}_v${version}.pdf`);
    } catch (error) {
      notify.error('No se pudo descargar el documento', errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" disabled={busy} onClick={() => void download()}>
      <Download aria-hidden="true" />
      {busy ? 'Descargando...' : `Descargar contratos firmados (versión ${version})`}
    </Button>
  );
}

/** A round that ended without every signature: staff who send policies to signature may send it again. */
const resendable = (round: SigningRound) => round.status === 'expired' || round.status === 'declined';

function RoundCard({ policyId, folio, round }: { policyId: number; folio: string; round: SigningRound }) {
  const sends = hasRole(useSession().user?.role, policyEditorRoles);
  return (
    <Card data-testid="signing-round">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 p-4 dark:border-slate-800">
        <div>
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
            Contratos versión {round.packVersion}
            <Badge tone={roundTone[round.status]}>{signingRoundStatusLabels[round.status]}</Badge>
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Enviados el {formatDateTime(round.createdAt)}
            {round.closedAt ? ` · cerrada el ${formatDateTime(round.closedAt)}` : ''}
          </p>
        </div>
        {round.signedPackVersion ? <SignedPackButton policyId={policyId} version={round.signedPackVersion} folio={folio} /> : null}
        {sends && resendable(round) ? <ResendRoundButton policyId={policyId} /> : null}
      </div>
      <RoundSummary round={round} />
      <RoundEvidence policyId={policyId} round={round} />
      <ul aria-label="Firmantes" className="divide-y divide-slate-100 dark:divide-slate-800">
        {round.signers.map((signer) => (
          <li key={signer.linkId} data-testid="signer" className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium">
                {signer.name} <span className="font-normal text-slate-500">({linkPartyLabels[signer.party]})</span>
              </p>
              <SignerDetails signer={signer} />
            </div>
            <SignerState signer={signer} roundOpen={round.status === 'open'} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * 'Firma electrónica' in the expediente (issue 17): the newest signing round, how it signs (issue
 * 35: methods, why anything is on paper, order, deadline), each signer's state and, once all
 * signed, the signed pack; an expired or declined round can be sent again.
 */
export function SigningPanel({ policyId, folio }: { policyId: number; folio: string }) {
  const signing = usePolicySigning(policyId);
  return (
    <QueryState
      query={signing}
      loading="Cargando firma electrónica..."
      loadingClassName="py-6"
      errorTitle="No se pudo cargar la firma electrónica"
      isEmpty={(round) => !round}
      empty={<EmptyState title="Aún no se han enviado los contratos para firma electrónica" description="Se envían a cada firmante con «Enviar Contratos»." />}
    >
      {(round) => round && <RoundCard policyId={policyId} folio={folio} round={round} />}
    </QueryState>
  );
}
