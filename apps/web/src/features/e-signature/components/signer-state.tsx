import { revocationStatusLabels, signatureMethodLabels, type SigningRound } from '@portal/domain';
import { formatDateTime } from '@/lib/dates';
import { Badge } from '@/components/ui/badge';

type Signer = SigningRound['signers'][number];

/**
 * Where one signer is (issue 35): signed (with e.firma, the certificate and what SAT's OCSP said),
 * declined, locked, waiting for their turn, or their link sent and the reminders since. Staff see
 * the state only: a signer's link is theirs alone.
 */
export function SignerState({ signer, roundOpen }: { signer: Signer; roundOpen: boolean }) {
  if (signer.signedAt) return <Badge tone="success">Firmó el {formatDateTime(signer.signedAt)}</Badge>;
  if (signer.declinedAt) return <Badge tone="danger">Rechazó el {formatDateTime(signer.declinedAt)}</Badge>;
  if (signer.locked) return <Badge tone="danger">Bloqueado por códigos incorrectos</Badge>;
  if (!roundOpen) return <Badge>No firmó</Badge>;
  if (signer.invitedAt === null) return <Badge>Espera su turno</Badge>;
  return <Badge tone="brand">Enlace enviado el {formatDateTime(signer.invitedAt)}</Badge>;
}

/** What the signer's line says under their name: how they sign, the e.firma's certificate, the reminders, the reason they declined. */
export function SignerDetails({ signer }: { signer: Signer }) {
  return (
    <>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {signer.email} · {signatureMethodLabels[signer.method]}
      </p>
      {signer.signedAt && signer.method === 'efirma' && signer.certificateSerial ? (
        <p className="mt-1 text-xs break-all">
          Certificado núm. {signer.certificateSerial}
          {signer.revocation ? ` · ${revocationStatusLabels[signer.revocation]}` : ''}
        </p>
      ) : null}
      {!signer.signedAt && signer.remindersSent > 0 ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {signer.remindersSent === 1 ? '1 recordatorio enviado' : `${signer.remindersSent} recordatorios enviados`}
        </p>
      ) : null}
      {signer.declineReason ? <p className="mt-1 text-xs">Motivo: {signer.declineReason}</p> : null}
    </>
  );
}
