import { endpoint } from '../common/endpoint';
import { idParamsSchema } from '../common/fields';
import { reversalInputSchema } from '../rents/rents';
import { brokerInputSchema, brokerListQuerySchema, commissionsQuerySchema, commissionsReportQuerySchema, payoutInputSchema, statementQuerySchema } from './broker-inputs';
import { brokerCommissionsSchema, brokerListSchema, brokerSchema, brokerStatementSchema, commissionPayoutSchema, commissionsReportSchema } from './broker-views';

/** Asesores and inmobiliarias (issue 34; other clients rely on these paths). */
export const brokerEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/brokers', query: brokerListQuerySchema, response: brokerListSchema }),
  create: endpoint({ method: 'POST', path: '/api/brokers', body: brokerInputSchema, response: brokerSchema, status: 201 }),
  get: endpoint({ method: 'GET', path: '/api/brokers/:id', params: idParamsSchema, response: brokerSchema }),
  /** The whole record, If-Match its version (412 when someone saved first); status 'inactive' deactivates. */
  update: endpoint({ method: 'PUT', path: '/api/brokers/:id', params: idParamsSchema, body: brokerInputSchema, response: brokerSchema }),
  commissions: endpoint({ method: 'GET', path: '/api/brokers/:id/commissions', params: idParamsSchema, query: commissionsQuerySchema, response: brokerCommissionsSchema }),
  pay: endpoint({ method: 'POST', path: '/api/brokers/:id/payouts', params: idParamsSchema, body: payoutInputSchema, response: commissionPayoutSchema, status: 201 }),
  reversePayout: endpoint({ method: 'POST', path: '/api/commission-payouts/:id/reversal', params: idParamsSchema, body: reversalInputSchema, response: commissionPayoutSchema }),
  /** JSON; with format=pdf or csv, the same statement as a file. */
  statement: endpoint({ method: 'GET', path: '/api/brokers/:id/statement', params: idParamsSchema, query: statementQuerySchema, response: brokerStatementSchema }),
  /** 'Comisiones por pagar'; with format=csv or xlsx, the rows as a file. */
  report: endpoint({ method: 'GET', path: '/api/reports/commissions', query: commissionsReportQuerySchema, response: commissionsReportSchema }),
};
