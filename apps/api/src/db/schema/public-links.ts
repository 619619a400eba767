import { sql } from 'drizzle-orm';
import { boolean, char, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { linkParties, linkPurposes, signingRoundStatuses, signingSubjects, type ContractDocumentKind, type RevocationStatus, type SignatureMethods, type TimestampStatus } from '@portal/domain';
import { users } from './branches-and-users';
import { policies } from './policies';
import { contractDocumentKindEnum } from './contracts';

/*
 * Links for the people outside (issue 17, decision 017): the token is a credential, so only its
 * SHA-256 is kept; the link is bound to one policy, one party and one purpose, expires and can be
 * revoked. A signing round groups the signing links of one pack; each signing link keeps its
 * signer's one-time code and evidence in link_signatures.
 */

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/** The people outside, and (issue 35) the office's legal representative signing by the same link. */
export const linkPartyEnum = pgEnum('link_party', linkParties);
export const linkPurposeEnum = pgEnum('link_purpose', linkPurposes);
export const signingRoundStatusEnum = pgEnum('signing_round_status', signingRoundStatuses);
export const signingSubjectEnum = pgEnum('signing_subject', signingSubjects);

/** The pack a policy's signers are asked to sign: exactly the PDF they are shown, kept in the file store. */
export const signingRounds = pgTable(
  'signing_rounds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    /** The unsigned pack's version the round was made from. */
    packVersion: integer('pack_version').notNull(),
    /** The documents signed electronically (pagarés are left out unless the branch allows them). */
    documentKinds: contractDocumentKindEnum('document_kinds').$type<ContractDocumentKind>().array().notNull(),
    /**
     * The one PDF shown to every signer, its SHA-256 (what each signer's evidence names) and its
     * size. The file is emptied (null) once retention deleted it; the hash stays as evidence.
     * The size is null for rounds made before it was kept.
     */
    packStoredName: varchar('pack_stored_name', { length: 100 }),
    packSha256: char('pack_sha256', { length: 64 }).notNull(),
    packSize: integer('pack_size'),
    status: signingRoundStatusEnum('status').notNull().default('open'),
    /** What is signed: the contract pack, or a document of its own (the acta de entrega, issue 32). */
    subject: signingSubjectEnum('subject').notNull().default('contracts'),
    /** A document of its own: its pages, and once every signer signed, the signed PDF (stamped, with the evidence page). */
    pageCount: smallint('page_count'),
    signedStoredName: varchar('signed_stored_name', { length: 100 }),
    signedSha256: char('signed_sha256', { length: 64 }),
    signedSize: integer('signed_size'),
    /** The pack version holding the signed documents, once every signer signed. */
    signedPackVersion: integer('signed_pack_version'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    closedAt: instant('closed_at'),
    /** Issue 35: how each kind is signed in this round (a kind missing from document_kinds went to paper) and why one went to paper. */
    methods: jsonb('methods').$type<SignatureMethods>().notNull().default({ lease: 'simple', policy: 'simple', promissory_notes: 'paper' }),
    paperReason: text('paper_reason').notNull().default(''),
    /** Issue 35: signers one after another (link_signatures.position) rather than all at once. */
    sequential: boolean('sequential').notNull().default(false),
    /** Issue 35: an open round expires then (the daily job); null for rounds made before. */
    expiresAt: instant('expires_at'),
    /** Issue 35: the code of /verificar/{code}, printed with a QR on the evidence page. */
    verificationCode: varchar('verification_code', { length: 12 }),
    /**
     * Issue 35: the portal's public address the round's links were first sent with ('' for rounds
     * made before): a turn opened by a signer's signature and the daily reminders send theirs with it.
     */
    linksBaseUrl: varchar('links_base_url', { length: 300 }).notNull().default(''),
    /**
     * Issue 35: the RFC 3161 time-stamp over the round's evidence digest (the pack and every
     * signature), taken when the last signer signed: the token (base64 DER) and what it says.
     */
    timestampStatus: varchar('timestamp_status', { length: 10 }).$type<TimestampStatus>().notNull().default('none'),
    timestampDigest: char('timestamp_digest', { length: 64 }),
    timestampToken: text('timestamp_token'),
    timestampAt: instant('timestamp_at'),
    timestampSerial: varchar('timestamp_serial', { length: 80 }),
    timestampAuthority: varchar('timestamp_authority', { length: 300 }),
  },
  (table) => [
    index('signing_rounds_policy_id_idx').on(table.policyId),
    uniqueIndex('signing_rounds_verification_code_key').on(table.verificationCode),
    index('signing_rounds_signed_sha256_idx').on(table.signedSha256),
    // At most one open round per policy and subject.
    uniqueIndex('signing_rounds_open_key').on(table.policyId, table.subject).where(sql`${table.status} = 'open'`),
  ],
);

export const publicLinks = pgTable(
  'public_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the token; the token itself is only ever in the link sent. */
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    purpose: linkPurposeEnum('purpose').notNull(),
    party: linkPartyEnum('party').notNull(),
    /** Which tenant or guarantor (their position on the policy); 0 for the owner. */
    partyIndex: smallint('party_index').notNull().default(0),
    /** The person's name and contacts when the link was made (the policy may change later). */
    partyName: varchar('party_name', { length: 150 }).notNull(),
    email: varchar('email', { length: 254 }).notNull().default(''),
    /** E.164, or '' without a usable mobile number. */
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    signingRoundId: integer('signing_round_id').references(() => signingRounds.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    firstOpenedAt: instant('first_opened_at'),
    lastOpenedAt: instant('last_opened_at'),
    finishedAt: instant('finished_at'),
    revokedAt: instant('revoked_at'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    lastSentAt: instant('last_sent_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('public_links_token_hash_key').on(table.tokenHash),
    index('public_links_policy_id_idx').on(table.policyId, table.createdAt),
    index('public_links_signing_round_id_idx').on(table.signingRoundId),
  ],
);

/** One signer of a round: their one-time code, then their evidence (or their refusal). */
export const linkSignatures = pgTable(
  'link_signatures',
  {
    linkId: integer('link_id')
      .primaryKey()
      .references(() => publicLinks.id, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => signingRounds.id, { onDelete: 'cascade' }),
    /** SHA-256 of the current one-time code (6 digits), its expiry and the wrong tries against it. */
    otpHash: char('otp_hash', { length: 64 }),
    otpExpiresAt: instant('otp_expires_at'),
    otpSentAt: instant('otp_sent_at'),
    otpFailures: smallint('otp_failures').notNull().default(0),
    otpVerifiedAt: instant('otp_verified_at'),
    /** Set at the fifth wrong code: the link signs nothing after that. */
    lockedAt: instant('locked_at'),
    signedAt: instant('signed_at'),
    signerName: varchar('signer_name', { length: 150 }).notNull(),
    signerEmail: varchar('signer_email', { length: 254 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
    /** 'drawn' (a PNG, base64) or 'typed' (the name as typed). */
    signatureKind: varchar('signature_kind', { length: 10 }),
    signatureImage: text('signature_image'),
    signatureText: varchar('signature_text', { length: 150 }),
    /** SHA-256 of exactly the pack the signer was shown (the round's pack_sha256 at the time). */
    packSha256: char('pack_sha256', { length: 64 }),
    declinedAt: instant('declined_at'),
    declineReason: text('decline_reason'),
    /** Issue 35: the signer's place in a round signed in order (0 first). */
    position: smallint('position').notNull().default(0),
    /** Issue 35: the documents this signer signs, and how ('efirma' when any of them asks for it). */
    documentKinds: text('document_kinds').array().$type<Array<ContractDocumentKind | 'move_out'>>().notNull().default(sql`'{}'::text[]`),
    method: varchar('method', { length: 10 }).$type<'simple' | 'efirma'>().notNull().default('simple'),
    /** Issue 35: the office's legal representative who signs (party 'office'). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Issue 35: the RFC and CURP the certificate must name (the signer's on the policy when the round started). */
    expectedRfc: varchar('expected_rfc', { length: 13 }).notNull().default(''),
    expectedCurp: varchar('expected_curp', { length: 18 }).notNull().default(''),
    /** Issue 35: when their link was sent (in order: when their turn came; null until then), and the reminders since. */
    invitedAt: instant('invited_at'),
    remindersSent: smallint('reminders_sent').notNull().default(0),
    lastRemindedAt: instant('last_reminded_at'),
    /** Issue 35: the e.firma certificate that signed (base64 DER) and what the server read and checked of it. */
    certificateDer: text('certificate_der'),
    certificateSerial: varchar('certificate_serial', { length: 64 }),
    certificateRfc: varchar('certificate_rfc', { length: 13 }),
    certificateCurp: varchar('certificate_curp', { length: 18 }),
    certificateName: varchar('certificate_name', { length: 254 }),
    certificateIssuer: varchar('certificate_issuer', { length: 500 }),
    certificateValidTo: instant('certificate_valid_to'),
    revocation: varchar('revocation', { length: 12 }).$type<RevocationStatus>(),
    revocationCheckedAt: instant('revocation_checked_at'),
  },
  (table) => [index('link_signatures_round_id_idx').on(table.roundId)],
);

/**
 * Issue 35: one e.firma signature of one signer: a detached CMS over the document whose SHA-256
 * is `document_sha256` (a document of the round, or the round's whole pack). The .p7s is kept in
 * the file store beside the pack; the same signature sent twice is recorded once.
 */
export const efirmaSignatures = pgTable(
  'efirma_signatures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    linkId: integer('link_id')
      .notNull()
      .references(() => linkSignatures.linkId, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => signingRounds.id, { onDelete: 'cascade' }),
    documentSha256: char('document_sha256', { length: 64 }).notNull(),
    /** The document kind it covers, or 'pack' for the round's whole pack. */
    covers: varchar('covers', { length: 20 }).notNull(),
    /** The .p7s (DER) in the file store, its SHA-256 (the signature's digest shown on the evidence page) and size. */
    storedName: varchar('stored_name', { length: 100 }),
    cmsSha256: char('cms_sha256', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    /** The signing time the CMS claims (its signingTime attribute), if any; the server's own time is link_signatures.signed_at. */
    claimedSigningTime: instant('claimed_signing_time'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('efirma_signatures_link_document_key').on(table.linkId, table.documentSha256), index('efirma_signatures_round_id_idx').on(table.roundId)],
);

/** The aviso de privacidad, one row per version (admins save a new version; rows are never edited). */
export const privacyNotices = pgTable(
  'privacy_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version: integer('version').notNull(),
    body: text('body').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('privacy_notices_version_key').on(table.version)],
);

/** A person's acceptance of one version of the notice, through one link: when and from where. */
export const privacyAcceptances = pgTable(
  'privacy_acceptances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    linkId: integer('link_id')
      .notNull()
      .references(() => publicLinks.id, { onDelete: 'cascade' }),
    noticeVersion: integer('notice_version').notNull(),
    acceptedAt: instant('accepted_at').notNull().defaultNow(),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
  },
  (table) => [uniqueIndex('privacy_acceptances_link_version_key').on(table.linkId, table.noticeVersion)],
);
