-- Issue 30: new policies of one branch ran one after another whatever the concurrency. The status
-- counters (decision 004) had one row per (branch, status); the AFTER INSERT trigger upserted it
-- and the row stayed locked until the create's transaction committed (its children, its event), so
-- every create of a branch waited for the one before it (pg_locks during a burst: the inserts
-- waiting on a transaction id, a tuple lock on policy_status_counts).
--
-- Each counter is now split into slots: a statement adds its change to the slot of its database
-- connection (pg_backend_pid() % 32). A connection runs one transaction at a time, so creates on
-- different connections update different rows and no longer wait on each other (two connections
-- whose pids share a slot still queue, as before, but only with each other). Readers already sum
-- `total` over the rows of a branch and status; the totals stay exact and transactional.
ALTER TABLE policy_status_counts ADD COLUMN slot smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE policy_status_counts DROP CONSTRAINT policy_status_counts_pkey;
--> statement-breakpoint
ALTER TABLE policy_status_counts ADD CONSTRAINT policy_status_counts_pkey PRIMARY KEY (branch_id, status, slot);
--> statement-breakpoint
-- As in 0003, with the slot: one upsert per (branch, status) whose count changed, in key order.
CREATE OR REPLACE FUNCTION policy_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  own_slot smallint := pg_backend_pid() % 32;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO policy_status_counts AS c (branch_id, status, slot, total)
    SELECT branch_id, status, own_slot, count(*) FROM new_rows GROUP BY branch_id, status ORDER BY branch_id, status
    ON CONFLICT (branch_id, status, slot) DO UPDATE SET total = c.total + EXCLUDED.total;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO policy_status_counts AS c (branch_id, status, slot, total)
    SELECT branch_id, status, own_slot, sum(delta) FROM (
      SELECT branch_id, status, -1 AS delta FROM old_rows
      UNION ALL
      SELECT branch_id, status, 1 FROM new_rows
    ) AS changes
    GROUP BY branch_id, status HAVING sum(delta) <> 0 ORDER BY branch_id, status
    ON CONFLICT (branch_id, status, slot) DO UPDATE SET total = c.total + EXCLUDED.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO policy_status_counts AS c (branch_id, status, slot, total)
    SELECT branch_id, status, own_slot, -count(*) FROM old_rows GROUP BY branch_id, status ORDER BY branch_id, status
    ON CONFLICT (branch_id, status, slot) DO UPDATE SET total = c.total + EXCLUDED.total;
  ELSE -- TRUNCATE
    DELETE FROM policy_status_counts;
  END IF;
  RETURN NULL;
END
$$;
