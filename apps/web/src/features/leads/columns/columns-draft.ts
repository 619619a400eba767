import { columnOfLead, leadColumnsSchema, newLeadColumn, type Lead, type LeadColumn } from '@portal/domain';

/** A status being edited: `color` is the hex text as typed, `swatch` the last valid colour (the picker's). */
export interface DraftColumn extends LeadColumn {
  swatch: string;
}

export const maxColumns = 20;
const hexColor = /^#[0-9a-fA-F]{6}$/;

function isHexColor(value: string): boolean {
  return hexColor.test(value.trim());
}

export function toDraft(columns: readonly LeadColumn[]): DraftColumn[] {
  return columns.map((column) => ({ ...column, swatch: isHexColor(column.color) ? column.color : '#6b7280' }));
}

/** 'Agregar estatus': status_{timestamp}, 'Nuevo Estatus', #6B7280 (spec); never an id already in the list. */
export function addDraftColumn(draft: readonly DraftColumn[], now = Date.now()): DraftColumn[] {
  let stamp = now;
  while (draft.some((column) => column.id === `status_${stamp}`)) stamp += 1;
  const column = newLeadColumn(stamp);
  return [...draft, { ...column, swatch: column.color }];
}

/** 'Columna de ganados': the one status a converted lead moves to ('' for none). */
export function withWonColumn(draft: readonly DraftColumn[], columnId: string): DraftColumn[] {
  return draft.map((column) => ({ ...column, isWon: column.id === columnId }));
}

/** The hex text changed: the picker follows once the text is a colour. */
export function withColorText(column: DraftColumn, text: string): DraftColumn {
  return { ...column, color: text, swatch: isHexColor(text) ? text.trim() : column.swatch };
}

export interface DraftErrors {
  /** Messages about the list as a whole (none left, repeated ids, too many). */
  list: string[];
  /** By status id: the title's and the colour's messages. */
  rows: Record<string, { title?: string; color?: string; other?: string }>;
}

export type DraftCheck = { ok: true; columns: LeadColumn[] } | { ok: false; errors: DraftErrors };

/** The API's rules (leadColumnsSchema), its messages placed by row and field. */
export function checkDraft(draft: readonly DraftColumn[]): DraftCheck {
  const result = leadColumnsSchema.safeParse(draft.map(({ id, title, color, isWon }) => ({ id, title, color, isWon })));
  if (result.success) return { ok: true, columns: result.data };
  const errors: DraftErrors = { list: [], rows: {} };
  for (const issue of result.error.issues) {
    const [index, field] = issue.path;
    const row = typeof index === 'number' ? draft[index] : undefined;
    if (!row) {
      if (!errors.list.includes(issue.message)) errors.list.push(issue.message);
      continue;
    }
    const messages = (errors.rows[row.id] ??= {});
    const key = field === 'title' || field === 'color' ? field : 'other';
    messages[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** How many of the loaded leads show in a saved column (those of an unknown status sit in the first). */
export function leadsInColumn(columnId: string, leads: readonly Lead[], saved: readonly LeadColumn[]): number {
  return leads.filter((lead) => columnOfLead(lead, saved) === columnId).length;
}

/** 'El estatus «Póliza» tiene 3 leads; pasarán a «Cotización».' */
export function movedLeadsWarning(title: string, count: number, firstTitle: string): string {
  return count === 1
    ? `El estatus «${title}» tiene 1 lead; pasará a «${firstTitle}».`
    : `El estatus «${title}» tiene ${count} leads; pasarán a «${firstTitle}».`;
}

/** The save toast's description when the server moved leads. */
export function movedLeadsNote(moved: number, firstTitle: string): string | undefined {
  if (moved <= 0) return undefined;
  return moved === 1 ? `1 lead pasó a «${firstTitle}».` : `${moved} leads pasaron a «${firstTitle}».`;
}
