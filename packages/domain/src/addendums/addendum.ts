import { z } from 'zod';
import { exportFormatSchema } from '../common/export';
import { messages } from '../common/messages';
import { cappedTotalFields } from '../common/search';
import { idSchema, maxId, optionalText, requiredId } from '../common/fields';
import { optionalDate, policyMessages } from '../policies/policy-fields';

/** Addendum statuses (spec section 4): pending is the default; the form offers all three. */
export const addendumStatuses = ['pending', 'active', 'canceled'] as const;
export type AddendumStatus = (typeof addendumStatuses)[number];

/** The list's 'Estado' and the form's options. */
export const addendumStatusLabels: Record<AddendumStatus, string> = {
  pending: 'Pendiente',
  active: 'Activo',
  canceled: 'Cancelado',
};

export const addendumStatusSchema = z.enum(addendumStatuses, { error: 'El estado del addendum no es válido' });

/** Texts of the addendum screens and calls; the spec's words where it has them (sections 5 and 8). */
export const addendumMessages = {
  listTitle: 'Addendums',
  createTitle: 'Crear Nuevo Addendum',
  editTitle: 'Editar Addendum',
  newButton: 'Nuevo Addendum',
  empty: 'No se encontraron addendums',
  loadError: 'Error al cargar los addendums',
  activePoliciesError: 'Error al cargar las pólizas activas',
  loadOneError: 'Error al cargar el addendum',
  notFound: 'No se encontró el addendum',
  dataError: 'Error al cargar los datos',
  saveError: 'Error al guardar el addendum',
  downloadError: 'Error al descargar el archivo',
  uploadError: 'Error al subir el archivo',
  created: 'Addendum creado correctamente',
  updated: 'Addendum actualizado correctamente',
  uploaded: 'Archivo subido exitosamente',
  uploading: 'Subiendo archivo...',
  fileHint: 'Máx. 100 MB por archivo',
  noFile: 'Por favor seleccione un archivo para subir',
  amountPositive: 'El monto debe ser mayor a cero',
  datesOrder: 'La fecha inicial no puede ser posterior a la fecha final',
  // The server's answers (not in the spec).
  policyNotActive: 'Seleccione una póliza activa de su sucursal',
  policyLocked: 'La póliza de un addendum no se puede cambiar',
  canceled: 'El addendum está cancelado: ya no se puede modificar',
  otherBranchList: 'No tiene acceso a los addendums de otra sucursal',
  policyMismatch: 'El archivo no corresponde a la póliza de este addendum',
  fileMissing: 'Adjunte un archivo en el campo «file»',
  fileEmpty: 'El archivo está vacío',
  fileTooLarge: (maxMb: number) => `El archivo supera el tamaño máximo de ${maxMb} MB`,
  unsupportedFileType: 'Tipo de archivo no permitido: solo se aceptan PDF, DOC o DOCX',
  noStoredFile: 'Este addendum no tiene archivo',
  fileUnavailable: 'El archivo no está disponible en el servidor',
  cancelledNote: 'Addendum cancelado',
} as const;

/** The form's field names, as its labels say them (and the messages name them). */
export const addendumFieldLabels = {
  policyId: 'Póliza',
  description: 'Descripción',
  amount: 'Monto',
  startDate: 'Fecha inicial',
  endDate: 'Fecha final',
  status: 'Estado',
} as const;

const label = addendumFieldLabels;

/** Pesos with centavos; the form sends text. Zero or less is the spec's 'El monto debe ser mayor a cero'. */
const amountField = z
  .union([z.number(), z.string().trim()], { error: policyMessages.invalidNumber(label.amount) })
  .nullish()
  .transform((value) => (value === '' || value === null || value === undefined ? null : Number(value)))
  .pipe(z.number({ error: policyMessages.invalidNumber(label.amount) }).nullable())
  .refine((value) => value !== null, messages.required(label.amount))
  // Centavos first: 0.004 would be stored as 0.00, which is not more than zero.
  .transform((value) => Math.round((value ?? 0) * 100) / 100)
  .refine((value) => value > 0, addendumMessages.amountPositive)
  .refine((value) => value <= 999_999_999, policyMessages.tooLarge(label.amount));

const requiredDate = (name: string) => optionalDate(name).refine((value) => value !== null, messages.required(name));

/**
 * What the form sends and the server accepts (POST /api/addendum and /api/addendum/{id}).
 * policyNumber, clientName, branchId, files and the timestamps the spec's client also sends are
 * dropped: the server takes them from the policy and the session.
 */
export const addendumInputSchema = z
  .object({
    policyId: requiredId(label.policyId),
    description: optionalText(label.description, 2000).refine((value) => value !== '', messages.required(label.description)),
    amount: amountField,
    startDate: requiredDate(label.startDate),
    endDate: requiredDate(label.endDate),
    status: addendumStatusSchema.default('pending'),
  })
  .refine((input) => !input.startDate || !input.endDate || input.startDate <= input.endDate, {
    message: addendumMessages.datesOrder,
    path: ['startDate'],
  });
export type AddendumInput = z.output<typeof addendumInputSchema>;
export type AddendumFormValues = z.input<typeof addendumInputSchema>;

/** The file attached to an addendum (the spec's `files[]`: at most one is kept). */
export const addendumFileSchema = z.object({
  originalFilename: z.string(),
  mimeType: z.string(),
  size: z.number(),
  uploadedAt: z.string(),
});

export const addendumSchema = z.object({
  id: z.number(),
  policyId: z.number(),
  /** From the policy: its number (folio de póliza), else its investigation folio. */
  policyNumber: z.string(),
  /** From the policy: its tenants' names. */
  clientName: z.string(),
  description: z.string(),
  amount: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  status: addendumStatusSchema,
  branchId: z.number(),
  files: z.array(addendumFileSchema),
  createdBy: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Raised on every write (the file's too); sent back in If-Match by the form's save (decision 023). */
  version: z.number().int(),
});
export type Addendum = z.infer<typeof addendumSchema>;
export const addendumListSchema = z.array(addendumSchema);

/** The list's 'Estado' filter (issue 20): one status, or all when left out. */
const addendumStatusFilterSchema = z.enum(addendumStatuses, { error: messages.invalidOption('Estado') }).optional();

export const addendumSearchQuerySchema = z.object({
  q: optionalText('Búsqueda', 100),
  status: addendumStatusFilterSchema,
  limit: z.coerce.number().int().min(1, 'El límite debe estar entre 1 y 100').max(100, 'El límite debe estar entre 1 y 100').default(25),
  cursor: z.string().trim().max(200).optional(),
  /** Admins may search one branch; for everyone else the server uses their own. */
  branchId: z.coerce.number().int().positive().max(maxId).optional(),
});
export type AddendumSearchQuery = z.input<typeof addendumSearchQuerySchema>;

/** GET /api/addendum/export: every addendum the search selects, as a CSV or XLSX file. */
export const addendumExportQuerySchema = z.object({
  q: optionalText('Búsqueda', 100),
  status: addendumStatusFilterSchema,
  branchId: z.coerce.number().int().positive().max(maxId).optional(),
  format: exportFormatSchema,
});

export const addendumSearchResultSchema = z.object({
  items: z.array(addendumSchema),
  nextCursor: z.string().nullable(),
  ...cappedTotalFields,
});
export type AddendumSearchResult = z.infer<typeof addendumSearchResultSchema>;

export const addendumUploadParamsSchema = z.object({
  addendumId: idSchema,
  policyId: idSchema,
});

/** The name a downloaded addendum file is saved under (spec: addendum_{policyId}.pdf). */
export function addendumDownloadName(policyId: number, extension = '.pdf'): string {
  return `addendum_${policyId}${extension}`;
}
