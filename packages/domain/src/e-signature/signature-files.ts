import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { idSchema } from '../common/fields';
import { linkParties } from '../public-links/links';

/*
 * Staff: the e.firma signatures (.p7s, detached CMS) of a round, kept beside the signed pack
 * (issue 35). Anyone can check one with OpenSSL against the signed document: `openssl cms -verify
 * -binary -inform DER -in firma.p7s -content documento.pdf -noverify`.
 */

export const roundSignaturesParamsSchema = z.object({ id: idSchema, roundId: idSchema });
export const signatureFileParamsSchema = roundSignaturesParamsSchema.extend({ signatureId: idSchema });

export const signatureFileSchema = z.object({
  id: z.number().int(),
  signerName: z.string(),
  party: z.enum(linkParties),
  /** What it signs, in words ('Contrato de arrendamiento', 'Paquete completo'). */
  covers: z.string(),
  /** SHA-256 of the document it signs, and of the .p7s itself (the digest the evidence page prints). */
  documentSha256: z.string(),
  cmsSha256: z.string(),
  size: z.number().int(),
  /** Whether the .p7s is still kept (retention may have removed it). */
  available: z.boolean(),
});
export type SignatureFile = z.infer<typeof signatureFileSchema>;

export const signatureFileEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/policy/:id/signing/rounds/:roundId/signatures', params: roundSignaturesParamsSchema, response: z.array(signatureFileSchema) }),
  /** The .p7s (application/pkcs7-signature, saved as firma-….p7s). */
  download: endpoint({ method: 'GET', path: '/api/policy/:id/signing/rounds/:roundId/signatures/:signatureId/file', params: signatureFileParamsSchema }),
};
