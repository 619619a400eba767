import {
  brokerMessages,
  centsToMoney,
  messages,
  monthBounds,
  type BrokerStatement,
  type CommissionsReport,
  type CommissionsReportQuery,
} from '@portal/domain';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';
import { listBranch } from '../../lib/branch-scope';
import { branchExists } from '../branches/index';
import { getBroker } from './directory';
import { signedCents } from './repository/commissions';
import { addressOf, brokerPayouts } from './repository/ledger';
import { reportRecords, statementRecords } from './repository/statement';

/*
 * The monthly statement of a broker and the 'Comisiones por pagar' report (issue 34): figures in
 * integer cents, answered as two-decimal strings; totals are the sums of the rows (per line, then
 * totals).
 */

const money = (cents: number) => centsToMoney(cents);
const sumOf = <T>(rows: T[], pick: (row: T) => string) => rows.reduce((sum, row) => sum + signedCents(pick(row)), 0);

/** GET /api/brokers/{id}/statement?month=YYYY-MM: another branch's broker is a 404. */
export async function brokerStatement(db: Db, actor: AuthUser, brokerId: number, month: string): Promise<BrokerStatement> {
  const broker = await getBroker(db, actor, brokerId);
  const { from, to } = monthBounds(month);
  const [records, payouts] = await Promise.all([statementRecords(db, brokerId, from, to), brokerPayouts(db, brokerId, { from, to })]);
  const rows = records.map((record) => ({
    policyId: record.policyId,
    folio: record.folio,
    address: addressOf(record),
    tenantNames: record.tenantNames,
    collected: money(signedCents(record.collected)),
    earned: money(signedCents(record.earned)),
    paid: money(signedCents(record.paid)),
    owed: money(signedCents(record.owed)),
  }));
  const standing = payouts.filter((payout) => !payout.reversal);
  return {
    broker,
    month,
    from,
    to,
    rows,
    payouts: [...payouts].reverse(),
    totals: {
      collected: money(sumOf(rows, (row) => row.collected)),
      earned: money(sumOf(rows, (row) => row.earned)),
      paid: money(sumOf(rows, (row) => row.paid)),
      owed: money(sumOf(rows, (row) => row.owed)),
      iva: money(sumOf(standing, (payout) => payout.iva)),
      isrWithheld: money(sumOf(standing, (payout) => payout.isrWithheld)),
      ivaWithheld: money(sumOf(standing, (payout) => payout.ivaWithheld)),
      net: money(sumOf(standing, (payout) => payout.net)),
    },
  };
}

const listMessages = { otherBranchList: brokerMessages.otherBranchList, branchNotFound: messages.branchNotFound };

/** GET /api/reports/commissions: the caller's branch (admins: one or all). */
export async function commissionsReport(db: Db, actor: AuthUser, query: Omit<CommissionsReportQuery, 'format'> & { month: string; branchId?: number | undefined }): Promise<CommissionsReport> {
  const branchId = await listBranch(actor, query.branchId, listMessages, (id) => branchExists(db, id));
  const { from, to } = monthBounds(query.month);
  const rows = await reportRecords(db, branchId, from, to);
  const answer = rows.map((row) => ({ ...row, earned: money(signedCents(row.earned)), paid: money(signedCents(row.paid)), owed: money(signedCents(row.owed)) }));
  return {
    month: query.month,
    rows: answer,
    totals: { earned: money(sumOf(answer, (row) => row.earned)), paid: money(sumOf(answer, (row) => row.paid)), owed: money(sumOf(answer, (row) => row.owed)) },
  };
}
