/**
 * SQL text for JSON that PostgreSQL writes for the API (policy-json.ts, summary-json.ts, the leads
 * board): the same bytes the serializer wrote from the objects.
 */

/** A timestamptz column as `Date.toISOString()` writes it (the instant columns keep milliseconds). */
export const isoInstant = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
