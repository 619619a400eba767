import { endpoint } from '../common/endpoint';
import { noContentSchema } from '../common/endpoint-answers';
import { idParamsSchema } from '../common/fields';
import { mfaCodeRequestSchema, mfaRecoveryCodesResponseSchema, mfaSetupResponseSchema, mfaStatusSchema } from '../auth/mfa';
import { accountSchema, changePasswordSchema, emailPreferencesSchema } from './account';
import { emailListQuerySchema, emailListSchema } from './email';
import { notificationListQuerySchema, notificationListSchema, notificationSchema, unreadCountSchema } from './notification';

/** The bell: my notifications (decision 024). */
export const notificationEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/notifications', query: notificationListQuerySchema, response: notificationListSchema }),
  readAll: endpoint({ method: 'POST', path: '/api/notifications/read-all', response: unreadCountSchema }),
  read: endpoint({ method: 'POST', path: '/api/notifications/:id/read', params: idParamsSchema, response: notificationSchema }),
};

/** /admin/emails: the outbox (decision 024). */
export const emailEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/admin/emails', query: emailListQuerySchema, response: emailListSchema }),
  retry: endpoint({ method: 'POST', path: '/api/admin/emails/:id/retry', params: idParamsSchema, response: noContentSchema, status: 204 }),
};

/** 'Mi cuenta': the signed-in user's own data, e-mail choices, password and second factor (decision 024). */
export const accountEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/account', response: accountSchema }),
  saveEmailPreferences: endpoint({ method: 'PUT', path: '/api/account/notification-preferences', body: emailPreferencesSchema, response: accountSchema }),
  changePassword: endpoint({ method: 'POST', path: '/api/account/password', body: changePasswordSchema, response: noContentSchema, status: 204 }),
  mfaStatus: endpoint({ method: 'GET', path: '/api/account/mfa', response: mfaStatusSchema }),
  startMfaSetup: endpoint({ method: 'POST', path: '/api/account/mfa/setup', response: mfaSetupResponseSchema }),
  confirmMfa: endpoint({ method: 'POST', path: '/api/account/mfa/confirm', body: mfaCodeRequestSchema, response: mfaRecoveryCodesResponseSchema }),
  disableMfa: endpoint({ method: 'POST', path: '/api/account/mfa/disable', body: mfaCodeRequestSchema, response: noContentSchema, status: 204 }),
};
