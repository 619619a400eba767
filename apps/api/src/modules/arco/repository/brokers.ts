import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { anonymisedName } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { branches, brokers, commissionEntries, commissionPayoutReversals, commissionPayouts } from '../../../db/schema/index';
import type { PersonQuery } from './people';
import { containsPattern, foldSql } from '../../../db/sql-search';

/*
 * Asesores and inmobiliarias in ARCO (the leftover of issue 34): an asesor is a person whose name,
 * RFC, CLABE and contacts are in the directory. Their commissions are the office's fiscal records
 * (CFF art. 30), so a cancellation keeps the directory row while commissions are pending or less
 * than five years old; after that it blanks every personal field and keeps the amounts.
 */

export interface BrokerRow {
  kind: 'broker';
  id: number;
  name: string;
  contactName: string;
  email: string;
  phone: string;
  branchId: number;
  branchName: string;
  /** Commissions earned and not paid yet, in cents (a payout reversed gives its entries back). */
  pendingCents: number;
  /** The newest day a commission was earned or paid: the five fiscal years count from it. */
  lastFiscalDay: string | null;
}

const pendingCents = sql<number>`coalesce((select round(sum(e.amount) * 100) from ${commissionEntries} e
  where e.broker_id = ${brokers.id} and e.payout_id is null), 0)`.mapWith(Number);
const lastFiscalDay = sql<string | null>`greatest(
  (select max(e.earned_on) from ${commissionEntries} e where e.broker_id = ${brokers.id}),
  (select max(p.paid_on) from ${commissionPayouts} p where p.broker_id = ${brokers.id}))::text`;

type Filter = { query: PersonQuery } | { ids: number[] };

function brokerFilter(filter: Filter) {
  if ('ids' in filter) return inArray(brokers.id, filter.ids);
  const { query } = filter;
  switch (query.by) {
    case 'email':
      return sql`lower(${brokers.email}) = ${query.email}`;
    case 'phone':
      return sql`regexp_replace(${brokers.phone}, '\\D', '', 'g') like ${containsPattern(query.digits)}`;
    case 'name':
      return sql`(${foldSql(sql`${brokers.name}`)} like ${containsPattern(query.folded)} or ${foldSql(sql`${brokers.contactName}`)} like ${containsPattern(query.folded)})`;
  }
}

export async function brokerRows(db: Executor, filter: Filter): Promise<BrokerRow[]> {
  const rows = await db
    .select({
      id: brokers.id,
      name: brokers.name,
      contactName: brokers.contactName,
      email: brokers.email,
      phone: brokers.phone,
      branchId: brokers.branchId,
      branchName: branches.name,
      pendingCents,
      lastFiscalDay,
    })
    .from(brokers)
    .innerJoin(branches, eq(branches.id, brokers.branchId))
    .where(brokerFilter(filter))
    .orderBy(asc(brokers.id));
  return rows.map((row) => ({ kind: 'broker', ...row }));
}

/** The directory row and the payouts made to them (not reversed), newest first: what the export lists. */
export async function brokerData(db: Executor, id: number) {
  const [broker] = await db.select().from(brokers).where(eq(brokers.id, id));
  const payouts = await db
    .select({
      paidOn: commissionPayouts.paidOn,
      reference: commissionPayouts.reference,
      gross: commissionPayouts.gross,
      iva: commissionPayouts.iva,
      isrWithheld: commissionPayouts.isrWithheld,
      ivaWithheld: commissionPayouts.ivaWithheld,
      net: commissionPayouts.net,
    })
    .from(commissionPayouts)
    .leftJoin(commissionPayoutReversals, eq(commissionPayoutReversals.payoutId, commissionPayouts.id))
    .where(and(eq(commissionPayouts.brokerId, id), isNull(commissionPayoutReversals.payoutId)))
    .orderBy(desc(commissionPayouts.paidOn));
  return { broker: broker!, payouts };
}

/**
 * The person's data gone from the directory row: the name becomes 'Titular anonimizado' with the
 * row's number (a branch keeps one row per name), the rest blank, the row inactive. The commission
 * entries and payouts keep their amounts and dates, which name nobody.
 */
export async function anonymiseBroker(tx: Executor, broker: BrokerRow): Promise<void> {
  await tx
    .update(brokers)
    .set({ name: `${anonymisedName} ${broker.id}`, rfc: '', contactName: '', email: '', phone: '', bank: '', clabe: '', accountHolder: '', notes: '', status: 'inactive', updatedAt: new Date() })
    .where(eq(brokers.id, broker.id));
}
