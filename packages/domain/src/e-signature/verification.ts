import { z } from 'zod';
import { signatureMethods } from './methods';
import { revocationStatuses } from './efirma';

/*
 * /verificar (issue 35): anyone holding a signed PDF, or the code printed on its evidence page,
 * can check it without trusting our server's word for more than the record. What it shows is
 * limited to that record: masked names, kinds, times, certificate serials and the time-stamp.
 */

export const verificationMessages = {
  noMatch: 'No coincide con ningún documento firmado',
  codeUnknown: 'No existe un documento firmado con ese código',
  fileRequired: 'Elija el PDF firmado que quiere comprobar',
  fileTooLarge: 'El archivo es demasiado grande (máximo 25 MB)',
  notPdf: 'El archivo no es un PDF',
} as const;

export const timestampStatuses = ['none', 'stamped', 'failed'] as const;
export type TimestampStatus = (typeof timestampStatuses)[number];
export const timestampStatusLabels: Record<TimestampStatus, string> = {
  none: 'Sin sello de tiempo (no configurado)',
  stamped: 'Sellado por una autoridad de sellado de tiempo (RFC 3161)',
  failed: 'Sin sello de tiempo: la autoridad no respondió',
};

/** A code printed on the evidence page: 12 characters, no look-alikes. */
export const verificationCodeSchema = z.string().trim().toUpperCase().regex(/^[A-HJ-NP-Z2-9]{12}$/, verificationMessages.codeUnknown);
export const verificationCodeParamsSchema = z.object({ code: verificationCodeSchema });

export const verificationResultSchema = z.object({
  code: z.string(),
  /** The document checked matched (upload), or the round was found by its code. */
  matched: z.object({ label: z.string(), sha256: z.string() }).nullable(),
  subject: z.string(),
  /** The version of the contracts this round signed (0 for a document of its own). */
  packVersion: z.number().int(),
  packSha256: z.string(),
  completedAt: z.string(),
  documents: z.array(z.object({ label: z.string(), sha256: z.string() })),
  signatures: z.array(
    z.object({
      nameMasked: z.string(),
      party: z.string(),
      method: z.enum(signatureMethods),
      signedAt: z.string(),
      certificateSerial: z.string().nullable(),
      revocation: z.enum(revocationStatuses).nullable(),
    }),
  ),
  timestamp: z.object({
    status: z.enum(['none', 'stamped', 'failed']),
    time: z.string().nullable(),
    authority: z.string().nullable(),
    serial: z.string().nullable(),
    /** The SHA-256 the stamp covers. */
    digest: z.string().nullable(),
  }),
});
export type VerificationResult = z.infer<typeof verificationResultSchema>;
