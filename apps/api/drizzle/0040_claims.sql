CREATE TYPE "public"."agreement_state" AS ENUM('active', 'broken', 'fulfilled', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."claim_document_kind" AS ENUM('payment_demand', 'guarantor_letter', 'payment_agreement', 'lawsuit_summary');--> statement-breakpoint
CREATE TYPE "public"."claim_movement_kind" AS ENUM('court_fees', 'notary', 'bailiff', 'lawyer_fees', 'other_cost', 'recovery', 'owner_payout');--> statement-breakpoint
CREATE TYPE "public"."claim_result" AS ENUM('paid', 'agreement_fulfilled', 'property_recovered', 'withdrawn', 'uncollectible');--> statement-breakpoint
CREATE TYPE "public"."claim_source" AS ENUM('staff', 'rent_confirmation', 'owner_link');--> statement-breakpoint
CREATE TYPE "public"."claim_stage" AS ENUM('report', 'validation', 'extrajudicial', 'agreement', 'lawsuit', 'judgment', 'enforcement', 'closed');--> statement-breakpoint
CREATE TYPE "public"."claim_status" AS ENUM('draft', 'open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."claim_type" AS ENUM('non_payment', 'property_damage', 'misuse', 'subletting', 'abandonment', 'no_surrender', 'unpaid_services', 'other');--> statement-breakpoint
CREATE TYPE "public"."contact_channel" AS ENUM('call', 'visit', 'email', 'whatsapp', 'letter');--> statement-breakpoint
CREATE TYPE "public"."contact_party" AS ENUM('tenant', 'guarantor', 'reference', 'employer', 'other');--> statement-breakpoint
CREATE TYPE "public"."instalment_state" AS ENUM('pending', 'partial', 'paid', 'late');--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'lawyer';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'claim_reported';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'claim_deadline';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'claim_instalment_missed';--> statement-breakpoint
ALTER TYPE "public"."link_purpose" ADD VALUE 'claim_owner';--> statement-breakpoint
CREATE TABLE "claim_agreements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_agreements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"claim_id" integer NOT NULL,
	"state" "agreement_state" DEFAULT 'active' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "claim_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"claim_id" integer NOT NULL,
	"channel" "contact_channel" NOT NULL,
	"party" "contact_party" NOT NULL,
	"person_name" varchar(200) DEFAULT '' NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"result" text NOT NULL,
	"promised_on" date,
	"promised_amount" numeric(12, 2),
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_deadline_reminders" (
	"deadline_id" integer NOT NULL,
	"days_before" smallint NOT NULL,
	"sent_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_deadline_reminders_deadline_id_days_before_pk" PRIMARY KEY("deadline_id","days_before")
);
--> statement-breakpoint
CREATE TABLE "claim_deadlines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_deadlines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"claim_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"description" varchar(300) NOT NULL,
	"done_at" timestamp (3) with time zone,
	"done_by" integer,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"claim_id" integer NOT NULL,
	"kind" "claim_document_kind" NOT NULL,
	"stored_name" varchar(100) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"template_version" integer,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"claim_id" integer NOT NULL,
	"from_stage" "claim_stage",
	"to_stage" "claim_stage",
	"result" "claim_result",
	"note" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"actor_label" varchar(200) DEFAULT '' NOT NULL,
	"owner_notified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"claim_id" integer NOT NULL,
	"stored_name" varchar(100) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"uploaded_by" integer,
	"link_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_instalment_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_instalment_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instalment_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"received_on" date NOT NULL,
	"method" varchar(30) NOT NULL,
	"reference" varchar(100) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp (3) with time zone,
	"reversed_by" integer,
	"reversal_reason" varchar(500),
	CONSTRAINT "claim_instalment_payments_positive" CHECK ("claim_instalment_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "claim_instalments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_instalments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agreement_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"due_on" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"paid_on" date,
	"state" "instalment_state" DEFAULT 'pending' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_lawsuits" (
	"claim_id" integer PRIMARY KEY NOT NULL,
	"court" varchar(200) NOT NULL,
	"case_number" varchar(60) NOT NULL,
	"filed_on" date NOT NULL,
	"admitted_on" date,
	"served_on" date,
	"answered_on" date,
	"hearing_on" date,
	"judgment_on" date,
	"enforcement_on" date,
	"eviction_on" date,
	"notes" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"claim_id" integer NOT NULL,
	"kind" "claim_movement_kind" NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"on" date NOT NULL,
	"description" varchar(300) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp (3) with time zone,
	"reversed_by" integer,
	"reversal_reason" varchar(500),
	CONSTRAINT "claim_movements_amount_positive" CHECK ("claim_movements"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "claim_stage_labels" (
	"stage" "claim_stage" PRIMARY KEY NOT NULL,
	"label" varchar(60) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"type" "claim_type" NOT NULL,
	"status" "claim_status" DEFAULT 'open' NOT NULL,
	"stage" "claim_stage" DEFAULT 'report' NOT NULL,
	"result" "claim_result",
	"source" "claim_source" DEFAULT 'staff' NOT NULL,
	"description" text NOT NULL,
	"rent_claimed" numeric(12, 2) DEFAULT '0' NOT NULL,
	"services_claimed" numeric(12, 2) DEFAULT '0' NOT NULL,
	"damages_claimed" numeric(12, 2) DEFAULT '0' NOT NULL,
	"arrears_months" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assignee_id" integer,
	"reported_by" varchar(200) DEFAULT '' NOT NULL,
	"opened_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp (3) with time zone,
	"anonymised_at" timestamp (3) with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_closed_has_result" CHECK (("claims"."stage" = 'closed') = ("claims"."result" IS NOT NULL) AND ("claims"."stage" = 'closed') = ("claims"."status" = 'closed'))
);
--> statement-breakpoint
ALTER TABLE "claim_agreements" ADD CONSTRAINT "claim_agreements_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_agreements" ADD CONSTRAINT "claim_agreements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_contacts" ADD CONSTRAINT "claim_contacts_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_contacts" ADD CONSTRAINT "claim_contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_deadline_reminders" ADD CONSTRAINT "claim_deadline_reminders_deadline_id_claim_deadlines_id_fk" FOREIGN KEY ("deadline_id") REFERENCES "public"."claim_deadlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_deadlines" ADD CONSTRAINT "claim_deadlines_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_deadlines" ADD CONSTRAINT "claim_deadlines_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_deadlines" ADD CONSTRAINT "claim_deadlines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_files" ADD CONSTRAINT "claim_files_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_files" ADD CONSTRAINT "claim_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_files" ADD CONSTRAINT "claim_files_link_id_public_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."public_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_instalment_payments" ADD CONSTRAINT "claim_instalment_payments_instalment_id_claim_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."claim_instalments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_instalment_payments" ADD CONSTRAINT "claim_instalment_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_instalment_payments" ADD CONSTRAINT "claim_instalment_payments_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_instalments" ADD CONSTRAINT "claim_instalments_agreement_id_claim_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."claim_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lawsuits" ADD CONSTRAINT "claim_lawsuits_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lawsuits" ADD CONSTRAINT "claim_lawsuits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_movements" ADD CONSTRAINT "claim_movements_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_movements" ADD CONSTRAINT "claim_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_movements" ADD CONSTRAINT "claim_movements_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_stage_labels" ADD CONSTRAINT "claim_stage_labels_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_agreements_one_active" ON "claim_agreements" USING btree ("claim_id") WHERE "claim_agreements"."state" = 'active';--> statement-breakpoint
CREATE INDEX "claim_contacts_claim_idx" ON "claim_contacts" USING btree ("claim_id","at");--> statement-breakpoint
CREATE INDEX "claim_deadlines_due_idx" ON "claim_deadlines" USING btree ("due_on") WHERE "claim_deadlines"."done_at" IS NULL;--> statement-breakpoint
CREATE INDEX "claim_deadlines_claim_idx" ON "claim_deadlines" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claim_documents_claim_idx" ON "claim_documents" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claim_events_claim_idx" ON "claim_events" USING btree ("claim_id","id");--> statement-breakpoint
CREATE INDEX "claim_files_claim_idx" ON "claim_files" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claim_instalment_payments_idx" ON "claim_instalment_payments" USING btree ("instalment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_instalments_seq" ON "claim_instalments" USING btree ("agreement_id","seq");--> statement-breakpoint
CREATE INDEX "claim_instalments_due_idx" ON "claim_instalments" USING btree ("due_on") WHERE "claim_instalments"."state" IN ('pending', 'partial');--> statement-breakpoint
CREATE INDEX "claim_movements_claim_idx" ON "claim_movements" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claims_policy_idx" ON "claims" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "claims_status_stage_idx" ON "claims" USING btree ("status","stage");--> statement-breakpoint
CREATE INDEX "claims_assignee_idx" ON "claims" USING btree ("assignee_id");