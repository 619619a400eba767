CREATE TYPE "public"."link_party" AS ENUM('tenant', 'guarantor', 'owner');--> statement-breakpoint
CREATE TYPE "public"."link_purpose" AS ENUM('upload', 'sign');--> statement-breakpoint
CREATE TYPE "public"."signing_round_status" AS ENUM('open', 'completed', 'declined', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'link_documents_received';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'signature_declined';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'signature_completed';--> statement-breakpoint
CREATE TABLE "link_signatures" (
	"link_id" integer PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"otp_hash" char(64),
	"otp_expires_at" timestamp (3) with time zone,
	"otp_sent_at" timestamp (3) with time zone,
	"otp_failures" smallint DEFAULT 0 NOT NULL,
	"otp_verified_at" timestamp (3) with time zone,
	"locked_at" timestamp (3) with time zone,
	"signed_at" timestamp (3) with time zone,
	"signer_name" varchar(150) NOT NULL,
	"signer_email" varchar(254) NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(500),
	"signature_kind" varchar(10),
	"signature_image" text,
	"signature_text" varchar(150),
	"pack_sha256" char(64),
	"declined_at" timestamp (3) with time zone,
	"decline_reason" text
);
--> statement-breakpoint
CREATE TABLE "privacy_acceptances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_acceptances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"link_id" integer NOT NULL,
	"notice_version" integer NOT NULL,
	"accepted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ip" varchar(64) NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "public_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"token_hash" char(64) NOT NULL,
	"purpose" "link_purpose" NOT NULL,
	"party" "link_party" NOT NULL,
	"party_index" smallint DEFAULT 0 NOT NULL,
	"party_name" varchar(150) NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"signing_round_id" integer,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"first_opened_at" timestamp (3) with time zone,
	"last_opened_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"revoked_by" integer,
	"last_sent_at" timestamp (3) with time zone,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_rounds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signing_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"pack_version" integer NOT NULL,
	"document_kinds" "contract_document_kind"[] NOT NULL,
	"pack_stored_name" varchar(100) NOT NULL,
	"pack_sha256" char(64) NOT NULL,
	"status" "signing_round_status" DEFAULT 'open' NOT NULL,
	"signed_pack_version" integer,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "esign_promissory_notes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "investigation_documents" ADD COLUMN "uploaded_via_link_id" integer;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD COLUMN "signed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "link_signatures" ADD CONSTRAINT "link_signatures_link_id_public_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."public_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_signatures" ADD CONSTRAINT "link_signatures_round_id_signing_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."signing_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_acceptances" ADD CONSTRAINT "privacy_acceptances_link_id_public_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."public_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notices" ADD CONSTRAINT "privacy_notices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_signing_round_id_signing_rounds_id_fk" FOREIGN KEY ("signing_round_id") REFERENCES "public"."signing_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD CONSTRAINT "signing_rounds_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD CONSTRAINT "signing_rounds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_signatures_round_id_idx" ON "link_signatures" USING btree ("round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_acceptances_link_version_key" ON "privacy_acceptances" USING btree ("link_id","notice_version");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_notices_version_key" ON "privacy_notices" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "public_links_token_hash_key" ON "public_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "public_links_policy_id_idx" ON "public_links" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE INDEX "public_links_signing_round_id_idx" ON "public_links" USING btree ("signing_round_id");--> statement-breakpoint
CREATE INDEX "signing_rounds_policy_id_idx" ON "signing_rounds" USING btree ("policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_rounds_open_key" ON "signing_rounds" USING btree ("policy_id") WHERE "signing_rounds"."status" = 'open';--> statement-breakpoint
ALTER TABLE "investigation_documents" ADD CONSTRAINT "investigation_documents_uploaded_via_link_id_public_links_id_fk" FOREIGN KEY ("uploaded_via_link_id") REFERENCES "public"."public_links"("id") ON DELETE set null ON UPDATE no action;