import {
  isAnonymisedLead,
  leadMessages,
  normalizePhone,
  versionMatches,
  type IfMatch,
  renderTemplate,
  whatsappMessages as messages,
  type GatewayKind,
  type WhatsappGateway,
  type WhatsappGatewayInput,
  type WhatsappMessage,
  type WhatsappMessageStatus,
  type WhatsappSendInput,
  type WhatsappTemplate,
  type WhatsappTemplateInput,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { ensureVersion, staleVersionError } from '../../db/record-versions';
import { staleVersion } from '../../lib/conditional-write';
import { conflict, ensure, forbidden, invalidField, isUniqueViolation, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope, listBranch, writeBranch, type BranchExists } from '../../lib/branch-scope';
import type { SecretBox } from '../../lib/secret-box';
import { deliverDueWhatsappMessages, gatewayFor, type GatewayLog } from './delivery';
import { serverUrlRefusal, type GatewayHosts } from './gateway-address';
import * as repo from './repository';

const branchMessages = { otherBranchList: messages.forbiddenSettings, branchNotFound: 'La sucursal no existe' };

// --- the branch's gateway -----------------------------------------------------------------------

/** Managers configure their own branch, admins any existing one; agents and other branches: 403 (a missing branch: 404). */
async function settingsBranch(actor: AuthUser, branchId: number, branchExists: BranchExists): Promise<number> {
  if (actor.role === 'admin') {
    if (!(await branchExists(branchId))) throw notFound(branchMessages.branchNotFound);
    return branchId;
  }
  if (actor.role !== 'manager' || actor.branchId !== branchId) throw forbidden(messages.forbiddenSettings);
  return branchId;
}

function toGateway(row: repo.GatewayRow): WhatsappGateway {
  return {
    branchId: row.branchId,
    kind: row.kind as GatewayKind,
    serverUrl: row.serverUrl,
    instance: row.instance,
    apiKeySet: row.apiKey !== '',
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export async function getGateway(db: Db, actor: AuthUser, branchId: number, branchExists: BranchExists): Promise<WhatsappGateway | null> {
  const row = await repo.findGateway(db, await settingsBranch(actor, branchId, branchExists));
  return row ? toGateway(row) : null;
}

/**
 * PUT: the server's URL must pass the gateway rule (gateway-address.ts: http(s), no user-info, a
 * public address or a host of WHATSAPP_GATEWAY_HOSTS); the key is sealed before it is written;
 * left empty, the stored key is kept (a first save needs one).
 */
export async function saveGateway(
  db: Db,
  secretBox: SecretBox,
  hosts: GatewayHosts,
  actor: AuthUser,
  branchId: number,
  input: WhatsappGatewayInput,
  branchExists: BranchExists,
  ifMatch?: IfMatch,
): Promise<WhatsappGateway> {
  const branch = await settingsBranch(actor, branchId, branchExists);
  const refusal = await serverUrlRefusal(input.serverUrl, hosts);
  if (refusal) throw invalidField('serverUrl', refusal);
  const values = { kind: input.kind, serverUrl: input.serverUrl, instance: input.instance, apiKey: input.apiKey ? secretBox.seal(input.apiKey) : undefined, updatedBy: actor.id };
  try {
    const row = await db.transaction(async (tx) => {
      // Under the row's lock: the version the form was loaded at ("v0": none yet) is still the stored one (decision 023).
      const existing = await repo.findGateway(tx, branch, true);
      if (!input.apiKey && !existing?.apiKey) throw invalidField('apiKey', messages.apiKeyRequired);
      if (existing) await ensureVersion(tx, 'whatsapp_gateways', existing.id, existing.version, ifMatch);
      else if (!versionMatches(ifMatch, 0)) throw staleVersion(null, new Date());
      // A form that saw no gateway inserts only: another first save meanwhile is the unique index's 412 (below).
      return existing || ifMatch === undefined ? repo.upsertGateway(tx, branch, values) : repo.insertGateway(tx, branch, values);
    });
    return toGateway(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw await staleVersionError(db, 'whatsapp_gateways', (await repo.findGateway(db, branch))!.id);
    throw error;
  }
}

// --- templates ----------------------------------------------------------------------------------

function toTemplate(row: repo.TemplateRow): WhatsappTemplate {
  return { id: row.id, branchId: row.branchId, name: row.name, body: row.body, updatedAt: row.updatedAt.toISOString() };
}

/** Everyone reads their branch's templates; admins the branch they ask for (all without one). */
export async function listTemplates(db: Db, actor: AuthUser, branchId: number | undefined, branchExists: BranchExists): Promise<WhatsappTemplate[]> {
  const branch = await listBranch(actor, branchId, branchMessages, branchExists);
  return (await repo.listTemplates(db, { branchId: branch })).map(toTemplate);
}

async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.templateNameTaken, [{ field: 'name', message: messages.templateNameTaken }]);
    throw error;
  }
}

export async function createTemplate(db: Db, actor: AuthUser, input: WhatsappTemplateInput, branchExists: BranchExists): Promise<WhatsappTemplate> {
  const branchId = await writeBranch(actor, input.branchId, undefined, branchMessages.branchNotFound, branchExists);
  return toTemplate(await uniqueName(() => repo.insertTemplate(db, { branchId, name: input.name, body: input.body })));
}

export async function updateTemplate(db: Db, actor: AuthUser, id: number, input: WhatsappTemplateInput): Promise<WhatsappTemplate> {
  const row = await uniqueName(() => repo.updateTemplate(db, id, actorScope(actor), { name: input.name, body: input.body }));
  return toTemplate(ensure(row, notFound(messages.templateNotFound)));
}

export async function deleteTemplate(db: Db, actor: AuthUser, id: number): Promise<void> {
  if (!(await repo.deleteTemplate(db, id, actorScope(actor)))) throw notFound(messages.templateNotFound);
}

// --- sending from the card ----------------------------------------------------------------------

type MessageWithSender = Awaited<ReturnType<typeof repo.messageWithSender>>;

function toMessage({ message, sentByName }: MessageWithSender): WhatsappMessage {
  return {
    id: message.id,
    leadId: message.leadId,
    direction: message.direction === 'in' ? 'in' : 'out',
    phone: message.phone,
    body: message.body,
    status: message.status as WhatsappMessageStatus,
    attempts: message.attempts,
    nextAttemptAt: message.status === 'queued' ? message.nextAttemptAt.toISOString() : null,
    gatewayResponse: message.gatewayResponse,
    sentByName: sentByName.trim(),
    createdAt: message.createdAt.toISOString(),
    sentAt: message.sentAt?.toISOString() ?? null,
  };
}

/** The lead, in the same branch scope as the board (admins: any branch); another branch's lead is a 404. */
async function leadInScope(db: Db, actor: AuthUser, leadId: number): Promise<repo.LeadForSending> {
  return ensure(await repo.findLeadForSending(db, leadId, actorScope(actor)), notFound(messages.leadNotFound));
}

/** The lead's templates, each with its text for this lead and this sender (the card's preview). */
export async function templatesForLead(db: Db, actor: AuthUser, leadId: number): Promise<Array<WhatsappTemplate & { preview: string }>> {
  const lead = await leadInScope(db, actor, leadId);
  const values = { nombre: lead.name, sucursal: lead.branchName, asesor: await repo.userName(db, actor.id) };
  const rows = await repo.listTemplates(db, { branchId: lead.branchId });
  return rows.map((row) => ({ ...toTemplate(row), preview: renderTemplate(row.body, values) }));
}

export async function messagesOfLead(db: Db, actor: AuthUser, leadId: number): Promise<WhatsappMessage[]> {
  const lead = await leadInScope(db, actor, leadId);
  return (await repo.listMessages(db, lead.id)).map(toMessage);
}

/**
 * POST /api/leads/{id}/whatsapp: the text (a template rendered for the lead, or what was written)
 * is logged 'queued' first, so it is never lost, then sent at once through the branch's gateway; a
 * failure leaves it queued with a Spanish status (the detail goes to `log`), for the delivery job to retry. The answer is the message as it stands.
 */
export async function sendToLead(
  db: Db,
  secretBox: SecretBox,
  hosts: GatewayHosts,
  log: GatewayLog,
  actor: AuthUser,
  leadId: number,
  input: WhatsappSendInput,
  now = new Date(),
): Promise<WhatsappMessage> {
  const lead = await leadInScope(db, actor, leadId);
  if (isAnonymisedLead(lead)) throw conflict(leadMessages.anonymised);
  const phone = normalizePhone(lead.phonewhats) ?? normalizePhone(lead.phone);
  if (!phone) throw invalidField(lead.phonewhats ? 'phonewhats' : 'phone', messages.invalidPhone);
  if (!(await gatewayFor(db, secretBox, lead))) throw conflict(messages.noGateway);
  const text = input.templateId ? await templateText(db, actor, lead, input.templateId) : input.text;
  const queued = await db.transaction((tx) => repo.insertMessage(tx, { leadId: lead.id, branchId: lead.branchId, phone, body: text, sentBy: actor.id, nextAttemptAt: now }));
  await deliverDueWhatsappMessages(db, secretBox, hosts, log, now, queued.id);
  return toMessage(await repo.messageWithSender(db, queued.id));
}

async function templateText(db: Db, actor: AuthUser, lead: repo.LeadForSending, templateId: number): Promise<string> {
  const template = ensure(await repo.findTemplate(db, templateId, { branchId: lead.branchId }), invalidField('templateId', messages.templateNotFound));
  return renderTemplate(template.body, { nombre: lead.name, sucursal: lead.branchName, asesor: await repo.userName(db, actor.id) });
}
