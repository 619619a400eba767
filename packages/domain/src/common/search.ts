import { z } from 'zod';

export * from './search-values';

/** The total of a paged search: exact up to `searchTotalCap`, then capped and flagged. */
export const cappedTotalFields = {
  total: z.number(),
  /** True when there are more than `total` matches (total is then `searchTotalCap`). */
  totalIsCapped: z.boolean(),
};
