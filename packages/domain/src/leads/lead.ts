import { z } from 'zod';
import { messages } from '../common/messages';
import { idSchema, optionalText, phoneField, requiredText } from '../common/fields';
import { normalizePhone } from '../common/phones';
import { gatewayKinds } from '../whatsapp/whatsapp';

/** Where a lead came from (spec section 3). */
export const leadSources = ['Facebook', 'Instagram', 'WhatsApp', 'Sitio Web', 'Referido', 'Otro'] as const;
export type LeadSource = (typeof leadSources)[number];

/** Texts of the board; the spec's words (sections 5 and 8). */
export const leadMessages = {
  search: 'Buscar leads...',
  newButton: 'Nuevo Lead',
  createTitle: 'Nuevo Lead',
  editTitle: 'Editar Lead',
  emptyColumn: 'Arrastra leads aquí',
  noName: 'Sin nombre',
  notesTitle: 'Notas',
  addNote: 'Agregar nota...',
  deleteConfirm: '¿Estás seguro de eliminar este lead?',
  configureTitle: 'Configurar Estatus',
  addColumn: 'Agregar estatus',
  errorTitle: 'Error',
  loadError: 'No se pudieron cargar los leads',
  statusError: 'No se pudo actualizar el estatus del lead',
  saveError: 'No se pudo guardar el lead',
  noteError: 'No se pudo agregar la nota',
  deleteError: 'No se pudo eliminar el lead',
  statusUpdated: 'Estatus actualizado',
  movedTo: (column: string) => `Lead movido a ${column}`,
  created: 'Lead creado',
  updated: 'Lead actualizado',
  createdDescription: (name: string) => `${name} ha sido creado correctamente`,
  updatedDescription: (name: string) => `${name} ha sido actualizado correctamente`,
  noteAdded: 'Nota agregada',
  noteAddedDescription: 'La nota ha sido agregada correctamente',
  deleted: 'Lead eliminado',
  deletedDescription: 'El lead ha sido eliminado correctamente',
  // Server answers and column rules (not in the spec's words).
  notFound: 'No se encontró el lead',
  unknownStatus: 'El estatus no existe en el tablero de su sucursal',
  noteRequired: 'Escriba la nota',
  columnsRequired: 'El tablero necesita al menos un estatus',
  columnTitleRequired: 'Cada estatus necesita un título',
  columnColorInvalid: 'Cada estatus necesita un color (#RRGGBB)',
  columnIdsRepeated: 'Dos estatus no pueden tener el mismo identificador',
  columnsSaved: 'Estatus guardados',
  columnsSaveError: 'No se pudieron guardar los estatus',
  columnsForbidden: 'Solo un gerente o un administrador puede configurar el tablero',
  // Working the pipeline (issue 20).
  invalidPhone: (label: string) => `El campo ${label} no es un número de teléfono válido`,
  ownerInvalid: 'El responsable debe ser un agente o gerente activo de la sucursal',
  followUpInvalid: 'La fecha de seguimiento no es válida (AAAA-MM-DD)',
  noteNotFound: 'No se encontró la nota',
  noteForbidden: 'Solo el autor de la nota o un gerente puede modificarla',
  noteUpdated: 'Nota actualizada',
  noteDeleted: 'Nota eliminada',
  noteDeleteConfirm: '¿Eliminar esta nota?',
  alreadyConverted: 'El lead ya se convirtió en póliza',
  anonymised: 'Los datos de este lead se cancelaron (ARCO): no se puede convertir en póliza ni contactar',
  policyNotFound: 'No se encontró la póliza en la sucursal del lead',
  policyTaken: 'La póliza ya está ligada a otro lead',
  convert: 'Convertir en póliza',
  converted: 'Lead convertido en póliza',
  viewPolicy: 'Ver póliza',
  originLead: 'Lead de origen',
  noMatch: 'Ningún lead coincide con la búsqueda.',
  myLeads: 'Mis leads',
  allSources: 'Todas las fuentes',
  allOwners: 'Todos los responsables',
  noOwner: 'Sin responsable',
  ownerLabel: 'Responsable',
  followUpLabel: 'Seguimiento',
  wonColumn: 'Columna de ganados',
  noWonColumn: 'Ninguna (la conversión deja el lead en su columna)',
  branchLabel: 'Sucursal',
  chooseBranch: 'Elija una sucursal',
  branchNotFound: 'No se encontró la sucursal',
  followUpTitle: (name: string) => `Seguimiento de lead: ${name}`,
  followUpBody: (phone: string) => (phone ? `Hoy toca dar seguimiento. Teléfono: ${phone}` : 'Hoy toca dar seguimiento.'),
} as const;

export const leadFieldLabels = {
  name: 'Nombre',
  phone: 'Teléfono',
  phonewhats: 'WhatsApp',
  email: 'Correo electrónico',
  source: 'Fuente',
  server: 'Servidor',
  apikey: 'API Key',
  gatewayKind: 'Tipo de gateway',
  gatewayInstance: 'Instancia o sesión',
  notes: 'Notas',
  ownerId: 'Responsable',
  followUpDate: 'Fecha de seguimiento',
} as const;

// --- notes: one string, or a JSON array of strings when it starts with '[' (spec) ---------------

/** The notes of a lead as a list: a JSON array when the text starts with '[', else one note. */
export function parseLeadNotes(notes: string | null | undefined): string[] {
  const text = (notes ?? '').trim();
  if (!text) return [];
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map((note) => String(note)).filter((note) => note.trim() !== '');
    } catch {
      // Not JSON after all: the whole text is one note.
    }
  }
  return [text];
}

/** The notes with one more at the end, in the spec's stored form (a JSON array of strings). */
export function appendLeadNote(notes: string | null | undefined, note: string): string {
  return JSON.stringify([...parseLeadNotes(notes), note.trim()]);
}

// --- leads --------------------------------------------------------------------------------------

const label = leadFieldLabels;

/**
 * A phone of the dialog: '' or a valid number (Mexico by default), kept as E.164 (issue 20), so
 * '55 9000 4000' is stored '+525590004000' and links to wa.me/525590004000, not Brazil.
 */
function leadPhoneField(fieldLabel: string) {
  return phoneField(fieldLabel).transform((value, context) => {
    if (!value) return '';
    const e164 = normalizePhone(value);
    if (e164) return e164;
    context.addIssue({ code: 'custom', message: leadMessages.invalidPhone(fieldLabel) });
    return z.NEVER;
  });
}

/** 'YYYY-MM-DD' of a real calendar day. */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A follow-up day: 'YYYY-MM-DD', or '' / null for none. */
const followUpField = z
  .string({ error: leadMessages.followUpInvalid })
  .trim()
  .refine((value) => value === '' || isCalendarDay(value), leadMessages.followUpInvalid)
  .transform((value) => value || null)
  .nullable()
  .optional();

/**
 * The lead dialog (POST /api/leads, /api/leads/update/{id}); notes only set the first note on
 * create. `ownerId` and `followUpDate` (issue 20): left out, the owner defaults to the creator on
 * create and both stay as they are on update; null clears them.
 */
export const leadInputSchema = z.object({
  name: requiredText(label.name, 200),
  phone: leadPhoneField(label.phone),
  phonewhats: leadPhoneField(label.phonewhats),
  /** Optional (issue 29); left out by the spec's clients, a stored one is kept. */
  email: z
    .string({ error: messages.invalidEmail })
    .trim()
    .max(254, messages.tooLong(label.email, 254))
    .refine((value) => value === '' || z.email().safeParse(value).success, messages.invalidEmail)
    .transform((value) => value.toLowerCase())
    .optional(),
  source: z
    .union([z.enum(leadSources), z.literal('')], { error: messages.invalidOption(label.source) })
    .nullish()
    .transform((value) => value ?? ''),
  server: optionalText(label.server, 200),
  apikey: optionalText(label.apikey, 200),
  /**
   * Which contract the lead's own `server` speaks and its instance or session (issue 20); left
   * out (clients written to the spec), they stay as they are.
   */
  gatewayKind: z.enum(['', ...gatewayKinds], { error: messages.invalidOption(label.gatewayKind) }).optional(),
  gatewayInstance: optionalText(label.gatewayInstance, 100).optional(),
  notes: optionalText(label.notes, 5000),
  ownerId: z.union([idSchema, z.null()], { error: leadMessages.ownerInvalid }).optional(),
  followUpDate: followUpField,
});
export type LeadInput = z.output<typeof leadInputSchema>;
export type LeadFormValues = z.input<typeof leadInputSchema>;

export const leadNoteInputSchema = z.object({
  note: z.string({ error: leadMessages.noteRequired }).trim().min(1, leadMessages.noteRequired).max(2000, messages.tooLong('Nota', 2000)),
});

/** A note as the card lists it: who wrote it and when, and whether the caller may change it. */
export const leadNoteSchema = z.object({
  id: z.number(),
  body: z.string(),
  author: z.number().nullable(),
  authorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  canEdit: z.boolean(),
});
export type LeadNote = z.infer<typeof leadNoteSchema>;

export const leadNoteParamsSchema = z.object({ id: idSchema, noteId: idSchema });
/** POST /api/leads/{id}/status/{status}: the column's id. */
export const leadStatusParamsSchema = z.object({ id: idSchema, status: z.string().trim().min(1).max(60) });
/** GET /api/leads/of-policy/{policyId}. */
export const leadPolicyParamsSchema = z.object({ policyId: idSchema });

/** POST /api/leads/{id}/convert: the policy the lead became. */
export const leadConvertInputSchema = z.object({ policyId: idSchema });

/** `?branchId=` (admins choose the board; others' is ignored) and the list's filters. */
export const leadBoardQuerySchema = z.object({ branchId: idSchema.optional() });
export const leadListQuerySchema = leadBoardQuerySchema.extend({
  /** A user id, or 'me' ('Mis leads'). */
  owner: z.union([z.literal('me'), idSchema], { error: 'El responsable del filtro no es válido' }).optional(),
  source: z.enum(leadSources, { error: 'La fuente del filtro no es válida' }).optional(),
});
export type LeadListQuery = z.input<typeof leadListQuerySchema>;

/** Who may own a lead of the board ('Responsable'). */
export const leadOwnerSchema = z.object({ id: z.number(), name: z.string() });
export type LeadOwner = z.infer<typeof leadOwnerSchema>;
export const leadOwnerListSchema = z.array(leadOwnerSchema);

export const leadSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  phonewhats: z.string(),
  email: z.string(),
  source: z.string(),
  server: z.string(),
  apikey: z.string(),
  gatewayKind: z.string(),
  gatewayInstance: z.string(),
  notes: z.string(),
  status: z.string(),
  createdAt: z.string(),
  // Issue 20: the pipeline's own fields.
  ownerId: z.number().nullable(),
  ownerName: z.string(),
  followUpDate: z.string().nullable(),
  policyId: z.number().nullable(),
  noteList: z.array(leadNoteSchema),
  /** Raised on every write; sent back in If-Match by the lead form's save (decision 023). */
  version: z.number().int(),
});
export type Lead = z.infer<typeof leadSchema>;
export const leadListSchema = z.array(leadSchema);
/** The lead a policy came from, or null when it came from none. */
export const leadOfPolicySchema = leadSchema.nullable();

// --- the board's columns ------------------------------------------------------------------------

export const leadColumnSchema = z.object({
  id: z.string().trim().min(1, leadMessages.columnTitleRequired).max(60).regex(/^[\w-]+$/, 'El identificador del estatus no es válido'),
  title: z.string({ error: leadMessages.columnTitleRequired }).trim().min(1, leadMessages.columnTitleRequired).max(60, messages.tooLong('Título', 60)),
  color: z.string({ error: leadMessages.columnColorInvalid }).trim().regex(/^#[0-9a-fA-F]{6}$/, leadMessages.columnColorInvalid),
  /** The column a converted lead moves to (at most one per board). */
  isWon: z.boolean().optional().default(false),
});
export type LeadColumn = z.infer<typeof leadColumnSchema>;
export const leadColumnListSchema = z.array(leadColumnSchema);

export const leadColumnsSchema = z
  .array(leadColumnSchema)
  .min(1, leadMessages.columnsRequired)
  .max(20, 'El tablero admite como máximo 20 estatus')
  .refine((columns) => new Set(columns.map((column) => column.id)).size === columns.length, leadMessages.columnIdsRepeated)
  .refine((columns) => columns.filter((column) => column.isWon).length <= 1, 'Solo un estatus puede ser la columna de ganados');

/** PUT /api/leads/columns body. */
export const leadColumnsInputSchema = z.object({ columns: leadColumnsSchema });
/** Its answer: the columns saved, and how many leads moved to the first one (their column was removed). */
export const savedLeadColumnsSchema = z.object({ columns: z.array(leadColumnSchema), moved: z.number() });

/**
 * The board a branch starts with (spec; issue 29 adds the accent and makes «Póliza» the won
 * column, so 'Convertir en póliza' moves the lead there on a board nobody configured).
 */
export const defaultLeadColumns: LeadColumn[] = [
  { id: 'cotizacion', title: 'Cotización', color: '#0277bd', isWon: false },
  { id: 'accion', title: 'Trabajando', color: '#26a69a', isWon: false },
  { id: 'poliza', title: 'Póliza', color: '#ffb74d', isWon: true },
  { id: 'agente', title: 'Agente', color: '#ba68c8', isWon: false },
];

/** A column added in 'Configurar Estatus' (spec: status_{timestamp}, 'Nuevo Estatus', #6B7280). */
export function newLeadColumn(now = Date.now()): LeadColumn {
  return { id: `status_${now}`, title: 'Nuevo Estatus', color: '#6B7280', isWon: false };
}

/** The column a lead shows in: its status's, or the first when its status matches none (spec). */
export function columnOfLead(lead: Pick<Lead, 'status'>, columns: readonly LeadColumn[]): string | undefined {
  return columns.some((column) => column.id === lead.status) ? lead.status : columns[0]?.id;
}

/**
 * The board's search: name, phone, WhatsApp or notes contain the text, case-insensitively (spec).
 * Numbers are stored E.164 (+525590004000), so a search that looks like a number ('55 9000 4000')
 * also compares digits: the national digits of a Mexican number match too.
 */
export function leadMatches(lead: Pick<Lead, 'name' | 'phone' | 'phonewhats' | 'notes'>, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('es-MX');
  if (!needle) return true;
  const textMatch = [lead.name, lead.phone, lead.phonewhats, parseLeadNotes(lead.notes).join('\n')].some((field) =>
    field.toLocaleLowerCase('es-MX').includes(needle),
  );
  if (textMatch) return true;
  const digits = needle.replace(/\D/g, '');
  if (digits.length < 3 || !/^[\d\s+\-().]+$/.test(needle)) return false;
  return [lead.phone, lead.phonewhats].some((phone) => phone.replace(/\D/g, '').includes(digits));
}
