-- Issue 32 (decision 026): the policy's year of rents. A schedule of one row per month of the
-- term, payments that are never edited (a reversal corrects them), and what each payment covers.
CREATE TYPE "public"."payment_method" AS ENUM('transfer', 'deposit', 'cash', 'check', 'card');--> statement-breakpoint
CREATE TYPE "public"."rent_month_state" AS ENUM('pending', 'paid', 'paid_late', 'partial', 'overdue', 'waived');--> statement-breakpoint
CREATE TABLE "rent_allocations" (
	"payment_id" integer NOT NULL,
	"month_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "rent_allocations_payment_id_month_id_pk" PRIMARY KEY("payment_id","month_id")
);
--> statement-breakpoint
CREATE TABLE "rent_months" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rent_months_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"due_on" date NOT NULL,
	"grace_days" smallint DEFAULT 0 NOT NULL,
	"amount_due" numeric(12, 2) NOT NULL,
	"paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"paid_on" date,
	"state" "rent_month_state" DEFAULT 'pending' NOT NULL,
	"waived_reason" text,
	CONSTRAINT "rent_months_amounts_check" CHECK ("rent_months"."amount_due" >= 0 and "rent_months"."paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rent_payment_reversals" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"reversed_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rent_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rent_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"received_on" date NOT NULL,
	"method" "payment_method" NOT NULL,
	"reference" varchar(100) DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_payments_amount_check" CHECK ("rent_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "rent_schedules" (
	"policy_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tracked_from" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rent_allocations" ADD CONSTRAINT "rent_allocations_payment_id_rent_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."rent_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_allocations" ADD CONSTRAINT "rent_allocations_month_id_rent_months_id_fk" FOREIGN KEY ("month_id") REFERENCES "public"."rent_months"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_months" ADD CONSTRAINT "rent_months_policy_id_rent_schedules_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."rent_schedules"("policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_reversals" ADD CONSTRAINT "rent_payment_reversals_payment_id_rent_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."rent_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_reversals" ADD CONSTRAINT "rent_payment_reversals_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_policy_id_rent_schedules_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."rent_schedules"("policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_schedules" ADD CONSTRAINT "rent_schedules_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rent_allocations_month_idx" ON "rent_allocations" USING btree ("month_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_months_policy_seq_key" ON "rent_months" USING btree ("policy_id","seq");--> statement-breakpoint
CREATE INDEX "rent_months_open_due_idx" ON "rent_months" USING btree (("due_on" + "grace_days")) WHERE "rent_months"."state" in ('pending', 'partial');--> statement-breakpoint
CREATE INDEX "rent_payments_policy_idx" ON "rent_payments" USING btree ("policy_id","received_on","id");--> statement-breakpoint
-- The months of a term, one rule for the schedule written at activation and the preview before it:
-- month n falls on the contract start's day n months later, or on that month's last day when the
-- day does not exist (PostgreSQL's date + interval clamps: 31 Jan + 1 month = 28/29 Feb), as the
-- pagarés do (domain contracts/promissory-notes.ts). The amount is the monthly rent, which
-- already includes maintenance when the lease says so.
CREATE FUNCTION rent_schedule_rows(start date, term integer, grace integer, rent numeric)
RETURNS TABLE (seq smallint, due_on date, grace_days smallint, amount_due numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT (n + 1)::smallint, (start + make_interval(months => n))::date, grace::smallint, rent
  FROM generate_series(0, term - 1) AS n
$$;
--> statement-breakpoint
-- Writes the schedule of each policy of `ids` that has a contract start date and a rent and no
-- schedule yet; set-based, for one policy or a million. `tracked` is the first deadline the
-- arrears follow (NULL: the contract start); months due before it stay as they were found.
CREATE FUNCTION rent_schedule_create(ids integer[], tracked date DEFAULT NULL) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  created integer;
BEGIN
  WITH due AS (
    SELECT p.id, p.start_date, p.term_months, coalesce(r.grace_period, 0) AS grace, r.price
    FROM (SELECT DISTINCT unnest(ids) AS id) i
    JOIN policies p ON p.id = i.id
    JOIN properties pr ON pr.policy_id = p.id
    JOIN rents r ON r.property_id = pr.id
    WHERE p.start_date IS NOT NULL AND r.price IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM rent_schedules s WHERE s.policy_id = p.id)
  ), scheduled AS (
    INSERT INTO rent_schedules (policy_id, tracked_from)
    SELECT id, coalesce(tracked, start_date) FROM due
    ON CONFLICT (policy_id) DO NOTHING
    RETURNING policy_id
  ), months AS (
    INSERT INTO rent_months (policy_id, seq, due_on, grace_days, amount_due)
    SELECT d.id, m.seq, m.due_on, m.grace_days, m.amount_due
    FROM due d JOIN scheduled s ON s.policy_id = d.id
    CROSS JOIN LATERAL rent_schedule_rows(d.start_date, d.term_months, d.grace, d.price) m
    RETURNING policy_id
  )
  SELECT count(DISTINCT policy_id) INTO created FROM months;
  RETURN created;
END
$$;
--> statement-breakpoint
-- A policy that becomes active gets its schedule in the same transaction, whatever wrote the
-- status (the last signature, a status change, an admin's jump, a policy created active): a
-- trigger, so no path forgets it. Deferred to the commit, because the rent and the contract start
-- date are written by later statements of the same transaction (the policy's children).
CREATE FUNCTION rent_schedule_on_activation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT status FROM policies WHERE id = NEW.id) = 'active' THEN
    PERFORM rent_schedule_create(array[NEW.id]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER policies_rent_schedule_on_insert AFTER INSERT ON policies
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status = 'active')
  EXECUTE FUNCTION rent_schedule_on_activation();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER policies_rent_schedule_on_update AFTER UPDATE OF status ON policies
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status = 'active' AND OLD.status <> 'active')
  EXECUTE FUNCTION rent_schedule_on_activation();
--> statement-breakpoint
CREATE TRIGGER rent_schedules_bump_version BEFORE UPDATE ON rent_schedules FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
-- Each policy's arrears in one row, for the aging report and the dashboard (decision 026).
CREATE TABLE "rent_arrears" (
	"policy_id" integer PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"months" smallint NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"oldest_due_on" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rent_arrears" ADD CONSTRAINT "rent_arrears_policy_id_rent_schedules_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."rent_schedules"("policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_arrears" ADD CONSTRAINT "rent_arrears_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rent_arrears_branch_oldest_idx" ON "rent_arrears" USING btree ("branch_id","oldest_due_on","policy_id");--> statement-breakpoint
CREATE INDEX "rent_arrears_oldest_idx" ON "rent_arrears" USING btree ("oldest_due_on","policy_id");
--> statement-breakpoint
-- Recomputes the arrears rows of `ids` from their months En mora: set-based, for the one policy a
-- payment touched or the many the daily run moved. A policy with none left loses its row.
CREATE FUNCTION rent_arrears_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  -- The ids joined as a set, not tested with = ANY (a million-element array would be searched
  -- once per row read).
  DELETE FROM rent_arrears a USING (SELECT DISTINCT unnest(ids) AS id) i
  WHERE a.policy_id = i.id
    AND NOT EXISTS (SELECT 1 FROM rent_months m WHERE m.policy_id = a.policy_id AND m.state = 'overdue');
  INSERT INTO rent_arrears AS a (policy_id, branch_id, months, amount, oldest_due_on)
  SELECT m.policy_id, p.branch_id, count(*), sum(m.amount_due - m.paid), min(m.due_on)
  FROM (SELECT DISTINCT unnest(ids) AS id) i
  JOIN rent_months m ON m.policy_id = i.id AND m.state = 'overdue'
  JOIN policies p ON p.id = m.policy_id
  GROUP BY m.policy_id, p.branch_id
  ON CONFLICT (policy_id) DO UPDATE SET months = EXCLUDED.months, amount = EXCLUDED.amount, oldest_due_on = EXCLUDED.oldest_due_on;
$$;
--> statement-breakpoint
-- The daily run's step (decision 026): every month past its due date plus grace and not fully paid
-- becomes En mora — found by the partial index of open months by deadline — except a month due
-- before its schedule was followed (tracked_from) or of a cancelled policy; then the arrears rows
-- of the policies it moved. Returns the months and policies moved.
CREATE FUNCTION rent_months_mark_overdue(today date) RETURNS TABLE (months integer, policies integer)
LANGUAGE plpgsql AS $$
DECLARE
  moved_months integer;
  moved_policies integer[];
BEGIN
  WITH moved AS (
    UPDATE rent_months m SET state = 'overdue'
    FROM rent_schedules s, policies p
    WHERE m.state IN ('pending', 'partial') AND (m.due_on + m.grace_days) < today
      AND s.policy_id = m.policy_id AND (m.due_on + m.grace_days) >= s.tracked_from
      AND p.id = m.policy_id AND p.status IN ('active', 'expiring', 'expired')
    RETURNING m.policy_id
  )
  SELECT count(*), array_agg(DISTINCT policy_id) INTO moved_months, moved_policies FROM moved;
  PERFORM rent_arrears_refresh(coalesce(moved_policies, '{}'));
  RETURN QUERY SELECT moved_months, coalesce(cardinality(moved_policies), 0);
END
$$;
