CREATE TYPE "public"."broker_kind" AS ENUM('asesor', 'inmobiliaria');--> statement-breakpoint
CREATE TYPE "public"."fee_payer" AS ENUM('owner', 'tenant', 'split');--> statement-breakpoint
CREATE TYPE "public"."fee_state" AS ENUM('pending', 'partial', 'paid');--> statement-breakpoint
CREATE TYPE "public"."invoice_state" AS ENUM('issuing', 'valid', 'canceled');--> statement-breakpoint
CREATE TABLE "brokers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brokers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"kind" "broker_kind" NOT NULL,
	"name" varchar(150) NOT NULL,
	"rfc" varchar(13) DEFAULT '' NOT NULL,
	"contact_name" varchar(150) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"bank" varchar(80) DEFAULT '' NOT NULL,
	"clabe" varchar(18) DEFAULT '' NOT NULL,
	"account_holder" varchar(150) DEFAULT '' NOT NULL,
	"commission_percent" numeric(5, 2),
	"commission_iva_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"isr_withholding_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"iva_withholding_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" "record_status" DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commission_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"broker_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"fee_payment_id" integer,
	"earned_on" date NOT NULL,
	"base" numeric(12, 2) NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"payout_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_payout_reversals" (
	"payout_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"reversed_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commission_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"broker_id" integer NOT NULL,
	"paid_on" date NOT NULL,
	"reference" varchar(100) DEFAULT '' NOT NULL,
	"gross" numeric(12, 2) NOT NULL,
	"iva" numeric(12, 2) DEFAULT '0' NOT NULL,
	"isr_withheld" numeric(12, 2) DEFAULT '0' NOT NULL,
	"iva_withheld" numeric(12, 2) DEFAULT '0' NOT NULL,
	"net" numeric(12, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_payment_reversals" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"reversed_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"received_on" date NOT NULL,
	"method" "payment_method" NOT NULL,
	"reference" varchar(100) DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"receipt_stored_name" varchar(100),
	"receipt_file_name" varchar(255),
	"receipt_mime_type" varchar(100),
	"receipt_size" bigint,
	"receipt_sha256" char(64),
	CONSTRAINT "fee_payments_amount_check" CHECK ("fee_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "fee_tariffs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_tariffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"policy_type" "policy_type" NOT NULL,
	"version" smallint NOT NULL,
	"rate_percent" numeric(5, 2) NOT NULL,
	"minimum" numeric(12, 2) NOT NULL,
	"iva_percent" numeric(5, 2) NOT NULL,
	"extras" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_tariffs_values_check" CHECK ("fee_tariffs"."rate_percent" >= 0 and "fee_tariffs"."minimum" >= 0 and "fee_tariffs"."iva_percent" >= 0 and "fee_tariffs"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "policy_fees" (
	"policy_id" integer PRIMARY KEY NOT NULL,
	"tariff_id" integer,
	"tariff_version" smallint NOT NULL,
	"rent_amount" numeric(12, 2) NOT NULL,
	"rate_percent" numeric(5, 2) NOT NULL,
	"minimum" numeric(12, 2) NOT NULL,
	"iva_percent" numeric(5, 2) NOT NULL,
	"base_amount" numeric(12, 2) NOT NULL,
	"extras" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extras_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"discount_reason" text DEFAULT '' NOT NULL,
	"discount_by" integer,
	"subtotal" numeric(12, 2) NOT NULL,
	"iva" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"payer" "fee_payer" DEFAULT 'tenant' NOT NULL,
	"owner_share_percent" numeric(5, 2),
	"collected" numeric(12, 2) DEFAULT '0' NOT NULL,
	"state" "fee_state" DEFAULT 'pending' NOT NULL,
	"paid_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"quoted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "policy_fees_amounts_check" CHECK ("policy_fees"."discount" >= 0 and "policy_fees"."subtotal" >= 0 and "policy_fees"."collected" >= 0),
	CONSTRAINT "policy_fees_split_check" CHECK (("policy_fees"."payer" = 'split') = ("policy_fees"."owner_share_percent" is not null) and ("policy_fees"."owner_share_percent" is null or "policy_fees"."owner_share_percent" between 0 and 100))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"fee_payment_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"state" "invoice_state" DEFAULT 'issuing' NOT NULL,
	"idempotency_key" varchar(100) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_id" varchar(64),
	"livemode" boolean DEFAULT false NOT NULL,
	"uuid" varchar(36),
	"series" varchar(25) DEFAULT '' NOT NULL,
	"folio_number" integer,
	"customer_rfc" varchar(13) NOT NULL,
	"customer_legal_name" varchar(300) NOT NULL,
	"customer_tax_system" char(3) NOT NULL,
	"customer_zip" char(5) NOT NULL,
	"use" varchar(4) NOT NULL,
	"payment_form" char(2) NOT NULL,
	"payment_method" char(3) DEFAULT 'PUE' NOT NULL,
	"product_key" varchar(8) NOT NULL,
	"description" text NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"iva" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"issued_at" timestamp (3) with time zone,
	"xml_stored_name" varchar(100),
	"pdf_stored_name" varchar(100),
	"cancel_motive" char(2),
	"replacement_invoice_id" integer,
	"cancellation_status" varchar(20),
	"canceled_at" timestamp (3) with time zone,
	"canceled_by" integer,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "require_fee_before_contracts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "commission_percent" numeric(5, 2) DEFAULT '20.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "rents" ADD COLUMN "broker_id" integer;--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_fee_payment_id_fee_payments_id_fk" FOREIGN KEY ("fee_payment_id") REFERENCES "public"."fee_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_payout_id_commission_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."commission_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payout_reversals" ADD CONSTRAINT "commission_payout_reversals_payout_id_commission_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."commission_payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payout_reversals" ADD CONSTRAINT "commission_payout_reversals_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payment_reversals" ADD CONSTRAINT "fee_payment_reversals_payment_id_fee_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fee_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payment_reversals" ADD CONSTRAINT "fee_payment_reversals_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_policy_id_policy_fees_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy_fees"("policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_tariffs" ADD CONSTRAINT "fee_tariffs_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_tariffs" ADD CONSTRAINT "fee_tariffs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_fees" ADD CONSTRAINT "policy_fees_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_fees" ADD CONSTRAINT "policy_fees_tariff_id_fee_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."fee_tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_fees" ADD CONSTRAINT "policy_fees_discount_by_users_id_fk" FOREIGN KEY ("discount_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_fees" ADD CONSTRAINT "policy_fees_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_fee_payment_id_fee_payments_id_fk" FOREIGN KEY ("fee_payment_id") REFERENCES "public"."fee_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_replacement_invoice_id_invoices_id_fk" FOREIGN KEY ("replacement_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_canceled_by_users_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brokers_branch_kind_name_key" ON "brokers" USING btree ("branch_id","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "brokers_branch_name_idx" ON "brokers" USING btree ("branch_id","name");--> statement-breakpoint
CREATE INDEX "commission_entries_broker_idx" ON "commission_entries" USING btree ("broker_id","earned_on","id");--> statement-breakpoint
CREATE INDEX "commission_entries_policy_idx" ON "commission_entries" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "commission_entries_payout_idx" ON "commission_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "commission_payouts_broker_idx" ON "commission_payouts" USING btree ("broker_id","paid_on");--> statement-breakpoint
CREATE INDEX "fee_payments_policy_idx" ON "fee_payments" USING btree ("policy_id","received_on","id");--> statement-breakpoint
CREATE INDEX "fee_payments_received_idx" ON "fee_payments" USING btree ("received_on");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_tariffs_branch_type_version_key" ON "fee_tariffs" USING btree ("branch_id","policy_type","version");--> statement-breakpoint
CREATE INDEX "policy_fees_state_idx" ON "policy_fees" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_idempotency_key_key" ON "invoices" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_fee_payment_standing_key" ON "invoices" USING btree ("fee_payment_id") WHERE "invoices"."state" <> 'canceled';--> statement-breakpoint
CREATE INDEX "invoices_policy_idx" ON "invoices" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "invoices_branch_created_idx" ON "invoices" USING btree ("branch_id","created_at");--> statement-breakpoint
ALTER TABLE "rents" ADD CONSTRAINT "rents_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rents_broker_id_idx" ON "rents" USING btree ("broker_id");--> statement-breakpoint
-- Issue 34: the real-estate agencies policies named as free text become the directory's
-- inmobiliarias, one per name (trimmed, case-insensitive) and branch, and each policy points at
-- its own. The text stays on the policy (realEstateInfo.name/agent) as it was typed.
INSERT INTO "brokers" ("branch_id", "kind", "name", "notes")
SELECT DISTINCT ON (p."branch_id", lower(btrim(r."real_estate_name")))
       p."branch_id", 'inmobiliaria', btrim(r."real_estate_name"), 'Creada de las pólizas que ya la nombraban (migración 0043).'
  FROM "rents" r
  JOIN "properties" pr ON pr."id" = r."property_id"
  JOIN "policies" p ON p."id" = pr."policy_id"
 WHERE r."real_estate" AND btrim(r."real_estate_name") <> ''
 ORDER BY p."branch_id", lower(btrim(r."real_estate_name")), p."id";
--> statement-breakpoint
UPDATE "rents" r
   SET "broker_id" = b."id"
  FROM "properties" pr, "policies" p, "brokers" b
 WHERE pr."id" = r."property_id" AND p."id" = pr."policy_id"
   AND r."real_estate" AND btrim(r."real_estate_name") <> ''
   AND b."branch_id" = p."branch_id" AND b."kind" = 'inmobiliaria'
   AND lower(b."name") = lower(btrim(r."real_estate_name"));
