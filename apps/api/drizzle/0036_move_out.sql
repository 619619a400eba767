CREATE TYPE "public"."signing_subject" AS ENUM('contracts', 'move_out');--> statement-breakpoint
CREATE TYPE "public"."move_out_photo_party" AS ENUM('owner', 'tenant');--> statement-breakpoint
CREATE TYPE "public"."move_out_state" AS ENUM('draft', 'signing', 'signed');--> statement-breakpoint
CREATE TABLE "move_out_actas" (
	"policy_id" integer PRIMARY KEY NOT NULL,
	"state" "move_out_state" DEFAULT 'draft' NOT NULL,
	"delivered_on" date NOT NULL,
	"keys_count" smallint DEFAULT 0 NOT NULL,
	"keys_notes" text DEFAULT '' NOT NULL,
	"meter_water" varchar(50) DEFAULT '' NOT NULL,
	"meter_electricity" varchar(50) DEFAULT '' NOT NULL,
	"meter_gas" varchar(50) DEFAULT '' NOT NULL,
	"rooms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"damages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unpaid_services" numeric(12, 2) DEFAULT '0' NOT NULL,
	"unpaid_services_notes" text DEFAULT '' NOT NULL,
	"deposit_at_send" numeric(12, 2),
	"unpaid_rent_at_send" numeric(12, 2),
	"signing_round_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "move_out_photo_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "move_out_photo_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"party" "move_out_photo_party" NOT NULL,
	"token_hash" char(64) NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "move_out_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "move_out_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"room_key" varchar(40) NOT NULL,
	"stored_name" varchar(100) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"uploaded_by" integer,
	"party" "move_out_photo_party",
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "signing_rounds_open_key";--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "subject" "signing_subject" DEFAULT 'contracts' NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "page_count" smallint;--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "signed_stored_name" varchar(100);--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "signed_sha256" char(64);--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "signed_size" integer;--> statement-breakpoint
ALTER TABLE "move_out_actas" ADD CONSTRAINT "move_out_actas_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_out_actas" ADD CONSTRAINT "move_out_actas_signing_round_id_signing_rounds_id_fk" FOREIGN KEY ("signing_round_id") REFERENCES "public"."signing_rounds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_out_actas" ADD CONSTRAINT "move_out_actas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_out_actas" ADD CONSTRAINT "move_out_actas_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_out_photo_links" ADD CONSTRAINT "move_out_photo_links_policy_id_move_out_actas_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."move_out_actas"("policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_out_photo_links" ADD CONSTRAINT "move_out_photo_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_out_photos" ADD CONSTRAINT "move_out_photos_policy_id_move_out_actas_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."move_out_actas"("policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_out_photos" ADD CONSTRAINT "move_out_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "move_out_photo_links_token_key" ON "move_out_photo_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "move_out_photo_links_policy_idx" ON "move_out_photo_links" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "move_out_photos_policy_idx" ON "move_out_photos" USING btree ("policy_id","room_key");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_rounds_open_key" ON "signing_rounds" USING btree ("policy_id","subject") WHERE "signing_rounds"."status" = 'open';