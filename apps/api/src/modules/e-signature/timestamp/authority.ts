import type { FastifyBaseLogger } from 'fastify';
import type { RoundTimestamp } from '../evidence';

/*
 * Time-stamps over a signing round's evidence (issue 35). The round asks an authority to stamp one
 * SHA-256 (the evidence digest, evidence.ts) and keeps what it answers. The RFC 3161 TSA over HTTP
 * (http-authority.ts) is the one implementation today; a NOM-151 'constancia de conservación' from
 * a PSC would be another behind the same interface (docs/DEPLOY.md says how).
 */

/** What an authority answers for a digest. */
export interface TimestampToken {
  /** The token as kept on the round: base64 of its DER (RFC 3161: a CMS SignedData over a TSTInfo). */
  token: string;
  /** The time the authority attests (TSTInfo's genTime). */
  time: Date;
  /** The authority's serial number of this token (hex). */
  serial: string;
  /** Who stamped: the TSA's name as the token gives it (or its certificate's subject). */
  authority: string;
}

export interface TimestampAuthority {
  /** Stamps a SHA-256 (64 hex digits); throws when the authority is down, refuses or answers something else. */
  stamp(digestHex: string): Promise<TimestampToken>;
}

/**
 * The round's time-stamp over its evidence digest: 'none' without an authority (TSA_URL unset);
 * 'failed', logged, when it is down or refuses — the round completes all the same.
 */
export async function stampEvidence(authority: TimestampAuthority | null, digest: string, log: FastifyBaseLogger): Promise<RoundTimestamp> {
  if (!authority) return { status: 'none', digest };
  try {
    return { status: 'stamped', digest, ...(await authority.stamp(digest)) };
  } catch (error) {
    log.error({ err: error, digest }, 'the time-stamping authority did not stamp a signing round');
    return { status: 'failed', digest };
  }
}
