import { z } from 'zod';

/** What the access log records (issue 19): views and downloads of a person's documents, and exports. */
export const accessActions = [
  'document_view',
  'document_download',
  'contract_download',
  'contract_pack_download',
  'addendum_download',
  'signed_pack_view',
  'move_out_download',
  'rent_statement_download',
  'claim_doc_download',
  'export',
] as const;
export type AccessAction = (typeof accessActions)[number];

export const accessActionLabels: Record<AccessAction, string> = {
  document_view: 'Vio un documento',
  document_download: 'Descargó un documento',
  contract_download: 'Abrió un contrato',
  contract_pack_download: 'Descargó el paquete de contratos',
  addendum_download: 'Descargó el archivo de un addendum',
  signed_pack_view: 'Abrió el paquete firmado',
  move_out_download: 'Abrió el acta de entrega o una de sus fotos',
  rent_statement_download: 'Descargó el estado de cuenta de rentas',
  claim_doc_download: 'Abrió un documento de una incidencia',
  export: 'Exportó',
};

export const accessLogPageSize = 20;

export const accessLogQuerySchema = z.object({
  page: z.coerce.number({ error: 'La página no es válida' }).int('La página no es válida').min(1, 'La página no es válida').max(100_000, 'La página no es válida').default(1),
});

export const accessLogEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  userId: z.number().nullable(),
  userName: z.string(),
  action: z.string(),
  subject: z.string(),
  ip: z.string(),
  userAgent: z.string(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogPageSchema = z.object({ entries: z.array(accessLogEntrySchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;
