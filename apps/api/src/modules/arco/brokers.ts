import { arcoMessages, brokerKindLabels, businessDate } from '@portal/domain';
import type { Db } from '../../db/client';
import { brokerData, type BrokerRow } from './repository/brokers';

/*
 * The ARCO rules of an asesor or inmobiliaria (the leftover of issue 34). Their commissions are
 * the office's fiscal records: the Código Fiscal de la Federación (art. 30) has them kept five
 * years, so the directory row is kept while any commission is pending or the newest one earned or
 * paid is less than five years old.
 */

const fiscalYears = 5;
const dayMonthYear = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** Why the asesor's record is kept, or null when a cancellation may blank it. */
export function brokerRetention(row: Pick<BrokerRow, 'pendingCents' | 'lastFiscalDay'>, now = new Date()): string | null {
  if (row.pendingCents !== 0) return arcoMessages.retainedBrokerPending;
  if (row.lastFiscalDay === null) return null;
  const [year, month, day] = row.lastFiscalDay.split('-').map(Number) as [number, number, number];
  const until = `${year + fiscalYears}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return businessDate(now) < until ? arcoMessages.retainedBrokerFiscal(dayMonthYear(until)) : null;
}

type PersonalFields = (row: Record<string, unknown>, omit: readonly string[]) => Record<string, unknown>;

/** The export of an asesor's record: the directory's fields and the commissions paid to them. */
export async function brokerRecord(db: Db, row: BrokerRow, personalFields: PersonalFields) {
  const { broker, payouts } = await brokerData(db, row.id);
  const data = personalFields(broker, ['id', 'branchId', 'createdBy', 'status']);
  return {
    where: `Directorio de asesores, ${row.branchName}`,
    data: { ...data, kind: brokerKindLabels[broker.kind] },
    lists: { payouts },
  };
}
