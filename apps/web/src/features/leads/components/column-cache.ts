import { leadColumnsSchema, type LeadColumn } from '@portal/domain';

/** The spec's browser key for the board's columns; here only a copy of the server's (per branch). */
const leadColumnsStorageKey = 'leadColumns';

/** The columns last received from the server, if a valid copy is stored; shown while the server answers. */
export function readCachedLeadColumns(): LeadColumn[] | undefined {
  try {
    const text = window.localStorage.getItem(leadColumnsStorageKey);
    if (!text) return undefined;
    const parsed = leadColumnsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeCachedLeadColumns(columns: LeadColumn[]) {
  try {
    window.localStorage.setItem(leadColumnsStorageKey, JSON.stringify(columns));
  } catch {
    /* storage full or blocked: the board just waits for the server next time */
  }
}
