import crypto, { type X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { efirmaMessages, type RevocationStatus } from '@portal/domain';
import { AppError } from '../../../lib/app-error';

/*
 * Whether SAT reports the certificate revoked (issue 35), asked of its OCSP responder
 * (EFIRMA_OCSP_URL, RFC 6960) at signing time: a request for the certificate and its issuer, with
 * a nonce; the answer accepted only when signed by the issuer or a responder it delegated
 * (pkijs's verify), about this certificate, and current. A responder that does not answer, or
 * answers something that cannot be trusted, is a 503: the signature waits rather than being
 * recorded unchecked.
 */

const oids = { basicResponse: '1.3.6.1.5.5.7.48.1.1', nonce: '1.3.6.1.5.5.7.48.1.2' } as const;
const timeoutMs = 10_000;
/** How far the responder's clock may be from ours. */
const clockSkewMs = 5 * 60_000;
const certificateStatuses: Record<number, Exclude<RevocationStatus, 'not_checked'>> = { 0: 'good', 1: 'revoked', 2: 'unknown' };

class OcspUnavailable extends Error {}

const unavailable = () => new AppError(503, efirmaMessages.revocationUnavailable, [{ field: 'certificate', message: efirmaMessages.revocationUnavailable }]);

const toPkijs = (certificate: X509Certificate) => pkijs.Certificate.fromBER(new Uint8Array(certificate.raw));

/**
 * The certificate's status as the responder signs it; 503 revocationUnavailable when it cannot
 * be had (`onUnavailable` is told why, for the log).
 */
export async function revocationStatus(
  certificate: X509Certificate,
  issuer: X509Certificate,
  settings: { url: string; authorities: readonly X509Certificate[] },
  onUnavailable: (reason: unknown) => void,
  now = new Date(),
): Promise<Exclude<RevocationStatus, 'not_checked'>> {
  try {
    return await ask(toPkijs(certificate), toPkijs(issuer), settings, now);
  } catch (error) {
    onUnavailable(error);
    throw unavailable();
  }
}

async function ask(certificate: pkijs.Certificate, issuer: pkijs.Certificate, settings: { url: string; authorities: readonly X509Certificate[] }, now: Date) {
  const request = new pkijs.OCSPRequest();
  await request.createForCertificate(certificate, { hashAlgorithm: 'SHA-1', issuerCertificate: issuer });
  const nonce = crypto.randomBytes(16);
  request.tbsRequest.requestExtensions = [new pkijs.Extension({ extnID: oids.nonce, extnValue: new asn1js.OctetString({ valueHex: nonce }).toBER(false) })];
  const answer = await fetch(settings.url, {
    method: 'POST',
    headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' },
    body: new Uint8Array(request.toSchema(true).toBER(false)),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!answer.ok) throw new OcspUnavailable(`OCSP responder answered HTTP ${answer.status}`);
  const response = pkijs.OCSPResponse.fromBER(new Uint8Array(await answer.arrayBuffer()));
  if (response.responseStatus.valueBlock.valueDec !== 0 || response.responseBytes?.responseType !== oids.basicResponse) {
    throw new OcspUnavailable(`OCSP response status ${response.responseStatus.valueBlock.valueDec}`);
  }
  const basic = pkijs.BasicOCSPResponse.fromBER(response.responseBytes.response.valueBlock.valueHexView.slice());
  const trusted = settings.authorities.map(toPkijs);
  if (!(await basic.verify({ trustedCerts: trusted, issuerCerts: [issuer] }))) throw new OcspUnavailable('OCSP response signature does not verify');
  checkNonce(basic, nonce);
  const single = basic.tbsResponseData.responses.find((candidate) => candidate.certID.serialNumber.isEqual(certificate.serialNumber));
  if (!single) throw new OcspUnavailable('OCSP response is not about this certificate');
  checkCurrent(single, now);
  const { isForCertificate, status } = await basic.getCertificateStatus(certificate, issuer);
  const found = certificateStatuses[status];
  if (!isForCertificate || !found) throw new OcspUnavailable('OCSP response is not about this certificate');
  return found;
}

/** A responder that echoes the nonce must echo ours (one that ignores nonces, as many do, is accepted). */
function checkNonce(basic: pkijs.BasicOCSPResponse, nonce: Buffer) {
  const echoed = basic.tbsResponseData.responseExtensions?.find((extension) => extension.extnID === oids.nonce);
  if (!echoed) return;
  const inner = asn1js.fromBER(echoed.extnValue.valueBlock.valueHexView).result;
  const value = inner instanceof asn1js.OctetString ? Buffer.from(inner.valueBlock.valueHexView) : Buffer.from(echoed.extnValue.valueBlock.valueHexView);
  if (!value.equals(nonce)) throw new OcspUnavailable('OCSP nonce does not match');
}

/** thisUpdate not in the future, nextUpdate (when given) not past. */
function checkCurrent(single: pkijs.SingleResponse, now: Date) {
  if (single.thisUpdate.getTime() > now.getTime() + clockSkewMs) throw new OcspUnavailable('OCSP response from the future');
  if (single.nextUpdate && single.nextUpdate.getTime() < now.getTime() - clockSkewMs) throw new OcspUnavailable('OCSP response out of date');
}
