import { endpoint } from '../common/endpoint';
import { noContentSchema } from '../common/endpoint-answers';
import { idParamsSchema } from '../common/fields';
import { linkTokenParamsSchema } from '../public-links/links';
import { contractDocumentKinds } from '../contracts/contracts';
import { z } from 'zod';
import { efirmaSignInputSchema } from './efirma';
import { verificationCodeParamsSchema, verificationResultSchema } from './verification';
import { codeSentSchema, declineInputSchema, latestSigningRoundSchema, signInputSchema, signingViewSchema, verifyCodeInputSchema } from './signing';

/** Signing by link: the signer's calls, no session (decision 024). */
export const publicSigningEndpoints = {
  view: endpoint({ method: 'GET', path: '/api/public/links/:token/signing', params: linkTokenParamsSchema, response: signingViewSchema }),
  /** The PDF that is signed (the bytes whose SHA-256 is packSha256). */
  pack: endpoint({ method: 'GET', path: '/api/public/links/:token/signing/pack', params: linkTokenParamsSchema }),
  requestCode: endpoint({ method: 'POST', path: '/api/public/links/:token/signing/code', params: linkTokenParamsSchema, response: codeSentSchema }),
  verifyCode: endpoint({ method: 'POST', path: '/api/public/links/:token/signing/verify', params: linkTokenParamsSchema, body: verifyCodeInputSchema, response: noContentSchema, status: 204 }),
  sign: endpoint({ method: 'POST', path: '/api/public/links/:token/signing/sign', params: linkTokenParamsSchema, body: signInputSchema, response: signingViewSchema }),
  decline: endpoint({ method: 'POST', path: '/api/public/links/:token/signing/decline', params: linkTokenParamsSchema, body: declineInputSchema, response: noContentSchema, status: 204 }),
  /** Issue 35: one document of the round as stored (the bytes whose SHA-256 the view lists), for the e.firma to sign. */
  document: endpoint({ method: 'GET', path: '/api/public/links/:token/signing/documents/:kind', params: linkTokenParamsSchema.extend({ kind: z.enum([...contractDocumentKinds, 'move_out']) }) }),
  /** Issue 35: the signer's e.firma signatures, verified before they are recorded. */
  efirma: endpoint({ method: 'POST', path: '/api/public/links/:token/signing/efirma', params: linkTokenParamsSchema, body: efirmaSignInputSchema, response: signingViewSchema }),
};

/** /verificar (issue 35): anyone, no session, rate-limited. POST /api/public/verify takes a multipart `file`. */
export const publicVerifyEndpoints = {
  byCode: endpoint({ method: 'GET', path: '/api/public/verify/:code', params: verificationCodeParamsSchema, response: verificationResultSchema }),
  byFile: endpoint({ method: 'POST', path: '/api/public/verify', response: verificationResultSchema }),
};

/** Staff: a policy's electronic signing round (decision 024). */
export const signingEndpoints = {
  latestRound: endpoint({ method: 'GET', path: '/api/policy/:id/signing', params: idParamsSchema, response: latestSigningRoundSchema }),
  /** Issue 35: an expired or declined round sent again (a new round over the same pack). */
  resend: endpoint({ method: 'POST', path: '/api/policy/:id/signing/resend', params: idParamsSchema, response: latestSigningRoundSchema }),
};
