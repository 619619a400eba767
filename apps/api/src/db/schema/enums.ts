import { pgEnum } from 'drizzle-orm/pg-core';
import { paperSizes, recordStatuses, roles, signatureMethods, signingOrders } from '@portal/domain';

export const roleEnum = pgEnum('user_role', roles);
export const recordStatusEnum = pgEnum('record_status', recordStatuses);
export const paperSizeEnum = pgEnum('paper_size', paperSizes);
export const signatureMethodEnum = pgEnum('signature_method', signatureMethods);
export const signingOrderEnum = pgEnum('signing_order', signingOrders);
