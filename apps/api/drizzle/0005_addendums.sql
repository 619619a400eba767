CREATE TYPE "public"."addendum_status" AS ENUM('pending', 'active', 'canceled');--> statement-breakpoint
CREATE TABLE "addendums" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addendums_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" "addendum_status" DEFAULT 'pending' NOT NULL,
	"file_stored_name" varchar(100),
	"file_original_name" varchar(255),
	"file_mime_type" varchar(100),
	"file_size" bigint,
	"file_sha256" char(64),
	"file_uploaded_at" timestamp (3) with time zone,
	"file_uploaded_by" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addendums" ADD CONSTRAINT "addendums_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addendums" ADD CONSTRAINT "addendums_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addendums" ADD CONSTRAINT "addendums_file_uploaded_by_users_id_fk" FOREIGN KEY ("file_uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addendums" ADD CONSTRAINT "addendums_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addendums" ADD CONSTRAINT "addendums_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addendums_branch_created_idx" ON "addendums" USING btree ("branch_id","created_at","id");--> statement-breakpoint
CREATE INDEX "addendums_created_idx" ON "addendums" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "addendums_policy_id_idx" ON "addendums" USING btree ("policy_id");