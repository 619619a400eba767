CREATE TYPE "public"."appointment_status" AS ENUM('pending', 'confirmed', 'cancelled', 'completed');--> statement-breakpoint
CREATE TYPE "public"."appointment_type" AS ENUM('signature', 'inspection', 'document_review', 'other');--> statement-breakpoint
CREATE TYPE "public"."attendee_role" AS ENUM('tenant', 'owner', 'guarantor', 'agent', 'other');--> statement-breakpoint
CREATE TABLE "appointment_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" char(64) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"user_id" integer,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"location" varchar(300) NOT NULL,
	"type" "appointment_type" DEFAULT 'signature' NOT NULL,
	"status" "appointment_status" DEFAULT 'pending' NOT NULL,
	"google_meet_url" varchar(200),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_attendees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointment_attendees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"appointment_id" integer NOT NULL,
	"external_id" varchar(200) DEFAULT '' NOT NULL,
	"name" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"role" "attendee_role" DEFAULT 'tenant' NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_feeds" ADD CONSTRAINT "appointment_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_attendees" ADD CONSTRAINT "appointment_attendees_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_feeds_token_hash_key" ON "appointment_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "appointments_branch_date_idx" ON "appointments" USING btree ("branch_id","date","start_time");--> statement-breakpoint
CREATE INDEX "appointment_attendees_appointment_id_idx" ON "appointment_attendees" USING btree ("appointment_id");