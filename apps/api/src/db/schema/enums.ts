import { pgEnum } from 'drizzle-orm/pg-core';
import { paperSizes, recordStatuses, roles } from '@portal/domain';

export const roleEnum = pgEnum('user_role', roles);
export const recordStatusEnum = pgEnum('record_status', recordStatuses);
export const paperSizeEnum = pgEnum('paper_size', paperSizes);
