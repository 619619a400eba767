CREATE TYPE "public"."signature_method" AS ENUM('simple', 'efirma', 'paper');--> statement-breakpoint
CREATE TYPE "public"."signing_order" AS ENUM('parallel', 'sequential');--> statement-breakpoint
ALTER TYPE "public"."link_party" ADD VALUE 'office';--> statement-breakpoint
ALTER TYPE "public"."signing_round_status" ADD VALUE 'expired';--> statement-breakpoint
CREATE TABLE "efirma_signatures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "efirma_signatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"link_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"document_sha256" char(64) NOT NULL,
	"covers" varchar(20) NOT NULL,
	"stored_name" varchar(100),
	"cms_sha256" char(64) NOT NULL,
	"size" integer NOT NULL,
	"claimed_signing_time" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "signature_method_lease" "signature_method" DEFAULT 'simple' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "signature_method_policy" "signature_method" DEFAULT 'simple' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "signature_method_promissory_notes" "signature_method" DEFAULT 'efirma' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "signing_order" "signing_order" DEFAULT 'parallel' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "signing_round_days" smallint DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "signing_reminder_max" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legal_representative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rfc" varchar(13) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "curp" varchar(18) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "guarantors" ADD COLUMN "rfc" varchar(13) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "guarantors" ADD COLUMN "curp" varchar(18) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "property_owners" ADD COLUMN "rfc" varchar(13) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "property_owners" ADD COLUMN "curp" varchar(18) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "rfc" varchar(13) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "curp" varchar(18) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "position" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "document_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "method" varchar(10) DEFAULT 'simple' NOT NULL;--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "expected_rfc" varchar(13) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "expected_curp" varchar(18) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "invited_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "reminders_sent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "last_reminded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "certificate_der" text;--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "certificate_serial" varchar(64);--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "certificate_rfc" varchar(13);--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "certificate_curp" varchar(18);--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "certificate_name" varchar(254);--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "certificate_issuer" varchar(500);--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "certificate_valid_to" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "revocation" varchar(12);--> statement-breakpoint
ALTER TABLE "link_signatures" ADD COLUMN "revocation_checked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "methods" jsonb DEFAULT '{"lease":"simple","policy":"simple","promissory_notes":"paper"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "paper_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "sequential" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "expires_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "verification_code" varchar(12);--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "timestamp_status" varchar(10) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "timestamp_digest" char(64);--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "timestamp_token" text;--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "timestamp_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "timestamp_serial" varchar(80);--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "timestamp_authority" varchar(300);--> statement-breakpoint
ALTER TABLE "efirma_signatures" ADD CONSTRAINT "efirma_signatures_link_id_link_signatures_link_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."link_signatures"("link_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "efirma_signatures" ADD CONSTRAINT "efirma_signatures_round_id_signing_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."signing_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "efirma_signatures_link_document_key" ON "efirma_signatures" USING btree ("link_id","document_sha256");--> statement-breakpoint
CREATE INDEX "efirma_signatures_round_id_idx" ON "efirma_signatures" USING btree ("round_id");--> statement-breakpoint
ALTER TABLE "link_signatures" ADD CONSTRAINT "link_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_documents_sha256_idx" ON "contract_documents" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_rounds_verification_code_key" ON "signing_rounds" USING btree ("verification_code");--> statement-breakpoint
CREATE INDEX "signing_rounds_signed_sha256_idx" ON "signing_rounds" USING btree ("signed_sha256");--> statement-breakpoint
-- A branch that let its pagarés be signed electronically keeps that choice (the simple signature); the others get the new default, e.firma where the signers have an RFC, else paper.
UPDATE "branches" SET "signature_method_promissory_notes" = 'simple' WHERE "esign_promissory_notes";--> statement-breakpoint
-- Rounds made before: their pagarés were signed with the simple signature when included, else on paper; every signer signed every document and was sent their link at the start.
UPDATE "signing_rounds" SET "methods" = jsonb_build_object('lease', 'simple', 'policy', 'simple', 'promissory_notes', CASE WHEN 'promissory_notes' = ANY("document_kinds") THEN 'simple' ELSE 'paper' END) WHERE "subject" = 'contracts';--> statement-breakpoint
UPDATE "link_signatures" AS s SET "document_kinds" = CASE WHEN r."subject" = 'contracts' THEN r."document_kinds"::text[] ELSE ARRAY[r."subject"::text] END, "invited_at" = r."created_at" FROM "signing_rounds" AS r WHERE r."id" = s."round_id";
