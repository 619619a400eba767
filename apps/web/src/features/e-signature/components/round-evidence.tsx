import { useState } from 'react';
import { Download, ExternalLink } from 'lucide-react';
import { linkPartyLabels, type SignatureFile, type SigningRound } from '@portal/domain';
import { errorMessage } from '@/lib/api-client';
import { saveBlob } from '@/lib/blob-files';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { fetchSignatureFile, useRoundSignatureFiles } from '../api';

/**
 * What a completed round leaves for anyone to check (issue 35): its /verificar page, which the
 * evidence page's QR code opens, and each e.firma signature as a .p7s beside the signed pack.
 */
export function RoundEvidence({ policyId, round }: { policyId: number; round: SigningRound }) {
  const efirma = round.signers.some((signer) => signer.method === 'efirma');
  const files = useRoundSignatureFiles(policyId, round.id, round.status === 'completed' && efirma);
  if (round.status !== 'completed' || !round.verificationCode) return null;
  return (
    <div className="space-y-2 border-b border-slate-100 px-4 py-3 text-sm dark:border-slate-800">
      <p>
        Verificación pública:{' '}
        <a href={paths.verification.byCode.to(round.verificationCode)} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-mono text-brand-700 underline dark:text-brand-300">
          {round.verificationCode}
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">(se abre en otra pestaña)</span>
        </a>
      </p>
      {files.isError ? <p className="text-red-700 dark:text-red-300">No se pudieron cargar las firmas con e.firma.</p> : null}
      {files.data && files.data.length > 0 ? (
        <ul aria-label="Firmas con e.firma (.p7s)" className="space-y-1">
          {files.data.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0">
                {file.signerName} <span className="text-slate-500">({linkPartyLabels[file.party]})</span> · {file.covers}
              </span>
              <SignatureFileButton policyId={policyId} roundId={round.id} file={file} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function SignatureFileButton({ policyId, roundId, file }: { policyId: number; roundId: number; file: SignatureFile }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchSignatureFile(policyId, roundId, file.id), `firma-${file.id}.p7s`);
    } catch (error) {
      notify.error('No se pudo descargar la firma', errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="ghost" size="sm" disabled={busy || !file.available} onClick={() => void download()} aria-label={`Descargar la firma (.p7s) de ${file.signerName}: ${file.covers}`}>
      <Download aria-hidden="true" />
      {busy ? 'Descargando...' : '.p7s'}
    </Button>
  );
}
