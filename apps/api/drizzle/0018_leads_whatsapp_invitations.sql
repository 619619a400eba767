ALTER TYPE "public"."notification_kind" ADD VALUE 'lead_follow_up';--> statement-breakpoint
CREATE TABLE "lead_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_gateways" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_gateways_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"server_url" varchar(300) NOT NULL,
	"instance" varchar(100) DEFAULT '' NOT NULL,
	"api_key" text NOT NULL,
	"webhook_token_hash" char(64),
	"updated_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"direction" varchar(3) DEFAULT 'out' NOT NULL,
	"phone" varchar(20) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"gateway_response" text DEFAULT '' NOT NULL,
	"gateway_message_id" varchar(200) DEFAULT '' NOT NULL,
	"sent_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "whatsapp_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "google_meet_url" SET DATA TYPE varchar(1000);--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "apikey" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "apikey" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "lead_capture_key_hash" char(64);--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "lead_capture_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "ics_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_attendees" ADD COLUMN "rsvp_token_hash" char(64);--> statement-breakpoint
ALTER TABLE "appointment_attendees" ADD COLUMN "rsvp_expires_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "appointment_attendees" ADD COLUMN "response" varchar(3);--> statement-breakpoint
ALTER TABLE "appointment_attendees" ADD COLUMN "responded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "appointment_attendees" ADD COLUMN "invited_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "lead_columns" ADD COLUMN "is_won" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "gateway_kind" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "gateway_instance" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "follow_up_date" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "policy_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "lead_id" integer;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_gateways" ADD CONSTRAINT "whatsapp_gateways_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_gateways" ADD CONSTRAINT "whatsapp_gateways_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_notes_lead_id_idx" ON "lead_notes" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_gateways_branch_id_key" ON "whatsapp_gateways" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_gateways_webhook_token_hash_key" ON "whatsapp_gateways" USING btree ("webhook_token_hash");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_lead_id_idx" ON "whatsapp_messages" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_due_idx" ON "whatsapp_messages" USING btree ("next_attempt_at") WHERE "whatsapp_messages"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_branch_name_key" ON "whatsapp_templates" USING btree ("branch_id",lower("name"));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branches_lead_capture_key_hash_key" ON "branches" USING btree ("lead_capture_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_attendees_rsvp_token_hash_key" ON "appointment_attendees" USING btree ("rsvp_token_hash");--> statement-breakpoint
CREATE INDEX "leads_owner_id_idx" ON "leads" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "leads_follow_up_date_idx" ON "leads" USING btree ("follow_up_date") WHERE "leads"."follow_up_date" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_policy_id_key" ON "leads" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "leads_phonewhats_idx" ON "leads" USING btree ("branch_id","phonewhats");