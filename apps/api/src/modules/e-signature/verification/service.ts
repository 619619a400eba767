import { contractDocumentLabels, linkPartyLabels, maskName, signingSubjectLabels, verificationMessages, type VerificationResult } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../../db/client';
import { ensure, notFound } from '../../../lib/app-error';
import { isEfirmaSigner } from '../evidence';
import { roundSigners, type RoundRow } from '../repository';
import { readTimestampToken } from '../timestamp/rfc3161';
import * as repo from '../repository/verification';

/*
 * /verificar (issue 35): anyone holding a signed PDF, or the code on its evidence page, learns
 * whether the portal signed it, in which round, how and when each person signed, and whether the
 * evidence was time-stamped. The answer carries no personal data beyond what the issue allows:
 * names masked ('Ma*** P***'), the party's role, and the e.firma certificates' serial numbers.
 * Left out on purpose: e-mails, IPs, browsers, RFCs and CURPs (personal data under the LFPDPPP,
 * and an RFC is derived from the name and birth date), the full names, and the policy's folio
 * (it ties the document to a person's policy; the holder of the PDF reads it there already).
 */

/** GET /api/public/verify/{code} */
export async function verifyByCode(db: Executor, code: string, log: FastifyBaseLogger): Promise<VerificationResult> {
  const round = ensure(await repo.completedRoundByCode(db, code), notFound(verificationMessages.codeUnknown));
  return resultOf(db, round, null, log);
}

/** POST /api/public/verify: the uploaded PDF's SHA-256 against every signed document the portal produced. */
export async function verifyBySha256(db: Executor, sha256: string, log: FastifyBaseLogger): Promise<VerificationResult> {
  const match = ensure(await repo.roundBySignedSha256(db, sha256), notFound(verificationMessages.noMatch));
  const label = match.kind ? contractDocumentLabels[match.kind] : signingSubjectLabels.move_out;
  return resultOf(db, match.round, { label, sha256 }, log);
}

async function resultOf(db: Executor, round: RoundRow, matched: VerificationResult['matched'], log: FastifyBaseLogger): Promise<VerificationResult> {
  const own = round.subject !== 'contracts';
  const [signers, contracts] = await Promise.all([roundSigners(db, round.id), own ? [] : repo.signedContractsOf(db, round)]);
  return {
    // Rounds completed before issue 35 have no code: they are found by their PDF only.
    code: round.verificationCode ?? '',
    matched,
    subject: own ? signingSubjectLabels.move_out : 'Contratos de la póliza',
    // The version of the contracts the signers were shown, as the evidence page prints it.
    packVersion: own ? 0 : round.packVersion,
    packSha256: round.packSha256,
    completedAt: (round.closedAt ?? round.createdAt).toISOString(),
    documents: own ? [{ label: signingSubjectLabels.move_out, sha256: round.signedSha256 ?? '' }] : contracts.map((document) => ({ label: contractDocumentLabels[document.kind], sha256: document.sha256 })),
    signatures: signers
      .filter((signer) => signer.signedAt !== null)
      .map((signer) => {
        const efirma = isEfirmaSigner(signer);
        return {
          nameMasked: maskName(signer.signerName),
          party: linkPartyLabels[signer.party],
          method: efirma ? ('efirma' as const) : ('simple' as const),
          signedAt: signer.signedAt!.toISOString(),
          certificateSerial: efirma ? signer.certificateSerial : null,
          revocation: efirma ? signer.revocation : null,
        };
      }),
    timestamp: await timestampOf(round, log),
  };
}

/**
 * The round's time-stamp as its stored token says, read again: 'stamped' only when the token is a
 * valid time-stamp whose imprint is the stored evidence digest; a token that is not is 'failed'.
 */
async function timestampOf(round: RoundRow, log: FastifyBaseLogger): Promise<VerificationResult['timestamp']> {
  const unstamped = { digest: round.timestampDigest, time: null, authority: null, serial: null };
  if (round.timestampStatus !== 'stamped') return { status: round.timestampStatus, ...unstamped };
  try {
    const token = await readTimestampToken(Buffer.from(round.timestampToken ?? '', 'base64'));
    if (token.digestHex !== round.timestampDigest) throw new Error('the token stamps another digest');
    return { status: 'stamped', digest: round.timestampDigest, time: token.time.toISOString(), authority: token.authority, serial: token.serial };
  } catch (error) {
    log.warn({ err: error, roundId: round.id }, 'a signing round time-stamp does not verify');
    return { status: 'failed', ...unstamped };
  }
}
