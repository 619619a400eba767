import { businessDate, policyDisplayFolio, rentMessages, type Policy, type RentLedger } from '@portal/domain';
import type { Db } from '../../db/client';
import { conflict, ensure, invalidField, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { branchSetting, drawStatement, statementTemplate } from '../contracts/index';
import { loadPolicies } from '../policies/index';
import { getLedger, getLedgerAnyBranch } from './service';
import { statementBlocks, statementValues } from './statement-content';

/*
 * The owner's statement (estado de cuenta, issue 32): the ledger of today drawn through the
 * branch's 'Estado de cuenta' template (its own version, else the product's default), on the
 * branch's paper. Drawn on each request and never stored: it is a picture of the ledger, which
 * is the record.
 */

async function drawFor(db: Db, policy: Policy, ledger: RentLedger, body: string, now: Date, tooLong: Parameters<typeof drawStatement>[1]): Promise<Buffer> {
  const branch = await branchSetting(db, policy.branchId);
  const title = `Estado de cuenta ${policyDisplayFolio(policy)}`;
  return drawStatement(
    { body, values: statementValues(policy, ledger, { branch, now }), blocks: statementBlocks(ledger), paperSize: branch.paperSize, title },
    tooLong,
  );
}

/** GET /api/policy/{id}/rents/statement.pdf: 404 outside the actor's branches, 409 before the schedule exists. */
export async function rentStatement(db: Db, actor: AuthUser, policyId: number, now: Date = new Date()): Promise<{ bytes: Buffer; fileName: string }> {
  // getLedger reads within the actor's scope: another branch's policy is a 404 here.
  const ledger = await getLedger(db, actor, policyId, now);
  if (!ledger.scheduled) throw conflict(rentMessages.noStatement);
  const policy = ensure((await loadPolicies(db, { id: policyId }, 'none'))[0], notFound(rentMessages.notFound));
  const template = await statementTemplate(db, policy.branchId);
  const bytes = await drawFor(db, policy, ledger, template.body, now, (message) => conflict(message));
  return { bytes, fileName: rentMessages.statementFileName(policyDisplayFolio(policy), businessDate(now)) };
}

/**
 * The templates admin's preview of a statement text for any policy (admins only): a policy not yet
 * active shows the schedule it will have, with no payments.
 */
export async function rentStatementPreview(db: Db, policyId: number, body: string): Promise<Buffer> {
  const policy = ensure((await loadPolicies(db, { id: policyId }, 'none'))[0], invalidField('policyId', rentMessages.notFound));
  const ledger = await getLedgerAnyBranch(db, policyId);
  return drawFor(db, policy, ledger, body, new Date(), (message) => invalidField('body', message));
}
