import { endpoint } from '../common/endpoint';
import { noContentSchema } from '../common/endpoint-answers';
import { idParamsSchema } from '../common/fields';
import { linkTokenParamsSchema } from '../public-links/links';
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
};

/** Staff: a policy's electronic signing round (decision 024). */
export const signingEndpoints = {
  latestRound: endpoint({ method: 'GET', path: '/api/policy/:id/signing', params: idParamsSchema, response: latestSigningRoundSchema }),
};
