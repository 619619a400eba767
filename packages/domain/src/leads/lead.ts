import { z } from 'zod';
import { messages } from '../common/messages';
import { optionalText, phoneField, requiredText } from '../common/fields';

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
} as const;

export const leadFieldLabels = {
  name: 'Nombre',
  phone: 'Teléfono',
  phonewhats: 'WhatsApp',
  source: 'Fuente',
  server: 'Servidor',
  apikey: 'API Key',
  notes: 'Notas',
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

/** The lead dialog (POST /api/leads, /api/leads/update/{id}); notes only set the first note on create. */
export const leadInputSchema = z.object({
  name: requiredText(label.name, 200),
  phone: phoneField(label.phone),
  phonewhats: phoneField(label.phonewhats),
  source: z
    .union([z.enum(leadSources), z.literal('')], { error: messages.invalidOption(label.source) })
    .nullish()
    .transform((value) => value ?? ''),
  server: optionalText(label.server, 200),
  apikey: optionalText(label.apikey, 200),
  notes: optionalText(label.notes, 5000),
});
export type LeadInput = z.output<typeof leadInputSchema>;
export type LeadFormValues = z.input<typeof leadInputSchema>;

export const leadNoteInputSchema = z.object({
  note: z.string({ error: leadMessages.noteRequired }).trim().min(1, leadMessages.noteRequired).max(2000, messages.tooLong('Nota', 2000)),
});

export const leadSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  phonewhats: z.string(),
  source: z.string(),
  server: z.string(),
  apikey: z.string(),
  notes: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

// --- the board's columns ------------------------------------------------------------------------

export const leadColumnSchema = z.object({
  id: z.string().trim().min(1, leadMessages.columnTitleRequired).max(60).regex(/^[\w-]+$/, 'El identificador del estatus no es válido'),
  title: z.string({ error: leadMessages.columnTitleRequired }).trim().min(1, leadMessages.columnTitleRequired).max(60, messages.tooLong('Título', 60)),
  color: z.string({ error: leadMessages.columnColorInvalid }).trim().regex(/^#[0-9a-fA-F]{6}$/, leadMessages.columnColorInvalid),
});
export type LeadColumn = z.infer<typeof leadColumnSchema>;

export const leadColumnsSchema = z
  .array(leadColumnSchema)
  .min(1, leadMessages.columnsRequired)
  .max(20, 'El tablero admite como máximo 20 estatus')
  .refine((columns) => new Set(columns.map((column) => column.id)).size === columns.length, leadMessages.columnIdsRepeated);

/** PUT /api/leads/columns body. */
export const leadColumnsInputSchema = z.object({ columns: leadColumnsSchema });

/** The board a branch starts with (spec). */
export const defaultLeadColumns: LeadColumn[] = [
  { id: 'cotizacion', title: 'Cotizacion', color: '#0277bd' },
  { id: 'accion', title: 'Trabajando', color: '#26a69a' },
  { id: 'poliza', title: 'Póliza', color: '#ffb74d' },
  { id: 'agente', title: 'Agente', color: '#ba68c8' },
];

/** A column added in 'Configurar Estatus' (spec: status_{timestamp}, 'Nuevo Estatus', #6B7280). */
export function newLeadColumn(now = Date.now()): LeadColumn {
  return { id: `status_${now}`, title: 'Nuevo Estatus', color: '#6B7280' };
}

/** The column a lead shows in: its status's, or the first when its status matches none (spec). */
export function columnOfLead(lead: Pick<Lead, 'status'>, columns: readonly LeadColumn[]): string | undefined {
  return columns.some((column) => column.id === lead.status) ? lead.status : columns[0]?.id;
}

/** The board's search: name, phone, WhatsApp or notes contain the text, case-insensitively (spec). */
export function leadMatches(lead: Pick<Lead, 'name' | 'phone' | 'phonewhats' | 'notes'>, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('es-MX');
  if (!needle) return true;
  return [lead.name, lead.phone, lead.phonewhats, parseLeadNotes(lead.notes).join('\n')].some((field) =>
    field.toLocaleLowerCase('es-MX').includes(needle),
  );
}
