import { z } from 'zod';

/** The aviso de privacidad (issue 17): text set by admins, versioned; each acceptance names its version. */
export const privacyNoticeSchema = z.object({
  version: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  createdByName: z.string(),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

/** GET /api/admin/privacy-notice: the current text and every version, newest first. */
export const privacyNoticeVersionsSchema = z.object({
  current: privacyNoticeSchema,
  versions: z.array(privacyNoticeSchema),
});
export type PrivacyNoticeVersions = z.infer<typeof privacyNoticeVersionsSchema>;

/** PUT /api/admin/privacy-notice: a new version. */
export const savePrivacyNoticeInputSchema = z.object({
  text: z
    .string({ error: 'El texto del aviso es obligatorio' })
    .trim()
    .min(50, 'El texto del aviso es demasiado corto (mínimo 50 caracteres)')
    .max(50_000, 'El texto del aviso es demasiado largo (máximo 50000 caracteres)'),
});
export type SavePrivacyNoticeInput = z.input<typeof savePrivacyNoticeInputSchema>;
