import { boolean, char, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { branches, users } from './branches-and-users';
import { policies } from './policies';

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow();
const optionalInstant = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/**
 * A prospective client of a branch, on the leads board. `status` is the id of one of the
 * branch's columns. Its notes are rows of `lead_notes` (issue 20); the API still answers the
 * spec's `notes` string (a JSON array of the notes' texts) for clients written to the spec.
 */
export const leads = pgTable(
  'leads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: varchar('name', { length: 200 }).notNull(),
    /** E.164 (`+525512345678`) when the number is valid (issue 20); older rows may hold what was typed. */
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    phonewhats: varchar('phonewhats', { length: 30 }).notNull().default(''),
    /** The person's e-mail (issue 29: the web form's, carried into the tenant's on 'Convertir en póliza'). */
    email: varchar('email', { length: 254 }).notNull().default(''),
    source: varchar('source', { length: 30 }).notNull().default(''),
    /** The lead's own WhatsApp gateway (spec: `server`, `apikey`); empty: the branch's default gateway. */
    server: varchar('server', { length: 200 }).notNull().default(''),
    /** Sealed with SECRETS_KEY (lib/secret-box.ts); never sent back to a browser. */
    apikey: text('apikey').notNull().default(''),
    /** Which contract `server` speaks ('evolution' | 'waha'; '' with no own gateway), and its instance or session. */
    gatewayKind: varchar('gateway_kind', { length: 20 }).notNull().default(''),
    gatewayInstance: varchar('gateway_instance', { length: 100 }).notNull().default(''),
    status: varchar('status', { length: 60 }).notNull(),
    /** The agent of the branch who works the lead ('Mis leads'). */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The day to follow up: a notification to the owner that morning. */
    followUpDate: date('follow_up_date', { mode: 'string' }),
    /** The policy it became ('Convertir en póliza'); the policy's expediente shows the lead back. */
    policyId: integer('policy_id').references(() => policies.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Raised by a trigger on every UPDATE (migration 0025): the record's ETag, checked by If-Match (decision 023). */
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at'),
    updatedAt: instant('updated_at'),
  },
  (table) => [
    index('leads_branch_id_idx').on(table.branchId, table.createdAt),
    index('leads_owner_id_idx').on(table.ownerId),
    index('leads_follow_up_date_idx').on(table.followUpDate).where(sql`${table.followUpDate} is not null`),
    uniqueIndex('leads_policy_id_key').on(table.policyId),
    // The gateway webhook finds a lead by the number that wrote.
    index('leads_phonewhats_idx').on(table.branchId, table.phonewhats),
  ],
);

/** A note on a lead, with its author and time (issue 20): authors edit or delete their own, managers any. */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** A note nobody of the staff wrote: where it came from ('Formulario web', 'WhatsApp'); '' for staff notes (issue 29). */
    authorLabel: varchar('author_label', { length: 100 }).notNull().default(''),
    body: text('body').notNull(),
    createdAt: instant('created_at'),
    updatedAt: instant('updated_at'),
  },
  (table) => [index('lead_notes_lead_id_idx').on(table.leadId, table.createdAt)],
);

/**
 * The board's columns, per branch and in order: everyone in a branch sees the same board (the
 * spec kept them in each browser). A branch without rows uses the spec's four defaults.
 */
export const leadColumns = pgTable(
  'lead_columns',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    id: varchar('id', { length: 60 }).notNull(),
    position: smallint('position').notNull(),
    title: varchar('title', { length: 60 }).notNull(),
    color: varchar('color', { length: 7 }).notNull(),
    /** The column a converted lead moves to (issue 20). */
    isWon: boolean('is_won').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.branchId, table.id] })],
);

/**
 * A branch's default WhatsApp gateway (issue 20), set by its managers: Evolution API v2 or WAHA.
 * The API key is sealed (lib/secret-box.ts); the webhook's token is kept only as its SHA-256.
 */
export const whatsappGateways = pgTable(
  'whatsapp_gateways',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    kind: varchar('kind', { length: 20 }).notNull(),
    serverUrl: varchar('server_url', { length: 300 }).notNull(),
    /** Evolution's instance name, or WAHA's session ('default'). */
    instance: varchar('instance', { length: 100 }).notNull().default(''),
    apiKey: text('api_key').notNull(),
    webhookTokenHash: char('webhook_token_hash', { length: 64 }),
    /**
     * The webhook's signing key (issue 28), sealed: WAHA's HMAC key, Evolution's X-Webhook-Secret
     * header. Generated with the token; null before, and then every delivery is refused.
     */
    webhookSecret: text('webhook_secret'),
    /** Raised by a trigger on every UPDATE (migration 0025): the record's ETag, checked by If-Match (decision 023). */
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at'),
    updatedAt: instant('updated_at'),
  },
  (table) => [uniqueIndex('whatsapp_gateways_branch_id_key').on(table.branchId), uniqueIndex('whatsapp_gateways_webhook_token_hash_key').on(table.webhookTokenHash)],
);

/** A branch's message templates, with placeholders such as {nombre} and {sucursal}. */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: varchar('name', { length: 80 }).notNull(),
    body: text('body').notNull(),
    createdAt: instant('created_at'),
    updatedAt: instant('updated_at'),
  },
  (table) => [uniqueIndex('whatsapp_templates_branch_name_key').on(table.branchId, sql`lower(${table.name})`)],
);

/**
 * The message log of a lead's card: what was sent (queued → sent | failed, retried by the
 * delivery job with the gateway's answer kept) and what came in through the webhook.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    /** 'out' (sent from the card) or 'in' (received by the webhook). */
    direction: varchar('direction', { length: 3 }).notNull().default('out'),
    /** E.164. */
    phone: varchar('phone', { length: 20 }).notNull(),
    body: text('body').notNull(),
    /** 'queued' | 'sent' | 'failed' for 'out'; 'received' for 'in'. */
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    /** The gateway's last answer (status and body, cut), shown on the card when it failed. */
    gatewayResponse: text('gateway_response').notNull().default(''),
    gatewayMessageId: varchar('gateway_message_id', { length: 200 }).notNull().default(''),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at'),
    sentAt: optionalInstant('sent_at'),
  },
  (table) => [
    index('whatsapp_messages_lead_id_idx').on(table.leadId, table.createdAt),
    index('whatsapp_messages_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'queued'`),
    // A gateway delivers a message again when it doubts the first delivery: its id is kept once per branch.
    uniqueIndex('whatsapp_messages_inbound_gateway_id_key')
      .on(table.branchId, table.gatewayMessageId)
      .where(sql`${table.direction} = 'in' and ${table.gatewayMessageId} <> ''`),
  ],
);
