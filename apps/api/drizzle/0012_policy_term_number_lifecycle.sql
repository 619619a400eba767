CREATE TABLE "policy_number_counters" (
	"branch_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "policy_number_counters_pkey" PRIMARY KEY("branch_id","year")
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "code" varchar(6);--> statement-breakpoint
-- Existing branches get 'SUC' and their id (SUC001…SUC999, then S1000…S99999): unique because ids
-- are, and within the 2–6 upper-case letters or digits the domain allows. Admins edit them later.
UPDATE "branches" SET "code" = CASE WHEN "id" < 1000 THEN 'SUC' || lpad("id"::text, 3, '0') ELSE 'S' || "id"::text END;--> statement-breakpoint
ALTER TABLE "branches" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "expiry_notice_days" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "term_months" smallint DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "renewed_to_policy_id" integer;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "renewed_from_policy_id" integer;--> statement-breakpoint
ALTER TABLE "policy_events" ADD COLUMN "by_system" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "policy_number_counters" ADD CONSTRAINT "policy_number_counters_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_renewed_to_policy_id_policies_id_fk" FOREIGN KEY ("renewed_to_policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_renewed_from_policy_id_policies_id_fk" FOREIGN KEY ("renewed_from_policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branches_code_key" ON "branches" USING btree ("code");--> statement-breakpoint
CREATE INDEX "policies_status_end_date_idx" ON "policies" USING btree ("status","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_renewed_to_policy_id_key" ON "policies" USING btree ("renewed_to_policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_renewed_from_policy_id_key" ON "policies" USING btree ("renewed_from_policy_id");--> statement-breakpoint
-- Existing policies take their term from their data: the rent's contract start date, 12 months.
-- The end date is policyEndDate (packages/domain, policy-term.ts) in SQL: PostgreSQL's
-- `date + interval 'N months'` clamps a missing day to the month's last day; when it clamped, that
-- last day is the end, otherwise the day before. Statement triggers see one UPDATE; no status moves.
UPDATE "policies" AS p SET
  "start_date" = r."contract_start_date",
  "end_date" = CASE
    WHEN extract(day FROM r."contract_start_date" + make_interval(months => p."term_months")) < extract(day FROM r."contract_start_date")
      THEN (r."contract_start_date" + make_interval(months => p."term_months"))::date
    ELSE (r."contract_start_date" + make_interval(months => p."term_months"))::date - 1
  END
FROM "properties" AS pr JOIN "rents" AS r ON r."property_id" = pr."id"
WHERE pr."policy_id" = p."id" AND r."contract_start_date" IS NOT NULL;
