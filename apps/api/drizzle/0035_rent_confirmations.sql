-- Issue 32: the owner confirms each month's rent by a personal link (only the token's SHA-256 is
-- kept; at most one unanswered per month). A payment the owner confirms is 'owner_report'; the
-- office is told when the owner did not receive a rent or does not answer.
CREATE TYPE "public"."rent_confirmation_answer" AS ENUM('full', 'partial', 'none');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'rent_not_received';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'rent_confirmation_unanswered';--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'owner_report';--> statement-breakpoint
CREATE TABLE "rent_confirmations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rent_confirmations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"month_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"asked_count" smallint DEFAULT 1 NOT NULL,
	"last_asked_at" timestamp (3) with time zone NOT NULL,
	"answered_at" timestamp (3) with time zone,
	"answer" "rent_confirmation_answer",
	"partial_amount" numeric(12, 2),
	"escalated_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_confirmations_answer_check" CHECK (("rent_confirmations"."answered_at" is null) = ("rent_confirmations"."answer" is null) and ("rent_confirmations"."partial_amount" is null or ("rent_confirmations"."answer" = 'partial' and "rent_confirmations"."partial_amount" > 0)))
);
--> statement-breakpoint
ALTER TABLE "rent_confirmations" ADD CONSTRAINT "rent_confirmations_month_id_rent_months_id_fk" FOREIGN KEY ("month_id") REFERENCES "public"."rent_months"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_confirmations" ADD CONSTRAINT "rent_confirmations_policy_id_rent_schedules_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."rent_schedules"("policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rent_confirmations_token_hash_key" ON "rent_confirmations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_confirmations_open_month_key" ON "rent_confirmations" USING btree ("month_id") WHERE "rent_confirmations"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "rent_confirmations_month_idx" ON "rent_confirmations" USING btree ("month_id","id");--> statement-breakpoint
CREATE INDEX "rent_confirmations_policy_idx" ON "rent_confirmations" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "rent_confirmations_open_asked_idx" ON "rent_confirmations" USING btree ("last_asked_at") WHERE "rent_confirmations"."answered_at" is null and "rent_confirmations"."escalated_at" is null;