CREATE TABLE "rent_reminders" (
	"month_id" integer PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"sent_on" date NOT NULL,
	"email" varchar(254) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "rent_reminder_days" smallint DEFAULT 3;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "max_rent_increase_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "max_rent_increase_source" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rents" ADD COLUMN "late_interest_monthly_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "rent_reminders" ADD CONSTRAINT "rent_reminders_month_id_rent_months_id_fk" FOREIGN KEY ("month_id") REFERENCES "public"."rent_months"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_reminders" ADD CONSTRAINT "rent_reminders_policy_id_rent_schedules_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."rent_schedules"("policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rent_reminders_policy_idx" ON "rent_reminders" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "rent_months_open_due_on_idx" ON "rent_months" USING btree ("due_on") WHERE "rent_months"."state" in ('pending', 'partial');
--> statement-breakpoint
-- custom SQL (hand-written)
-- Moratorium interest (issue 32): the lease's clause on a month's unpaid amount, the same rule as
-- the domain's `lateInterestCents`: unpaid × rate/100 × days/30, rounded to the centavo half away
-- from zero (PostgreSQL's numeric round; numeric arithmetic is exact, never a float). 0 without a
-- rate. Shown beside what is owed, never added to it.
CREATE FUNCTION rent_late_interest(unpaid numeric, rate numeric, days integer) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN rate IS NULL OR rate <= 0 OR unpaid <= 0 OR days <= 0 THEN 0::numeric(12,2)
    ELSE round(unpaid * rate * days / 3000, 2) END
$$;
