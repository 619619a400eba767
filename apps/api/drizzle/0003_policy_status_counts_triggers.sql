-- policy_status_counts follows every write of policies (decision 004). Statement-level triggers
-- with transition tables: one upsert per (branch, status) whose count changed, whatever the number
-- of rows the statement wrote. Rows are upserted in key order, so two transactions lock counters
-- in the same order and never wait on each other in a cycle. A statement that changes no status or
-- branch (a form save, a back-dated timestamp) touches no counter.
CREATE FUNCTION policy_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO policy_status_counts AS c (branch_id, status, total)
    SELECT branch_id, status, count(*) FROM new_rows GROUP BY branch_id, status ORDER BY branch_id, status
    ON CONFLICT (branch_id, status) DO UPDATE SET total = c.total + EXCLUDED.total;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO policy_status_counts AS c (branch_id, status, total)
    SELECT branch_id, status, sum(delta) FROM (
      SELECT branch_id, status, -1 AS delta FROM old_rows
      UNION ALL
      SELECT branch_id, status, 1 FROM new_rows
    ) AS changes
    GROUP BY branch_id, status HAVING sum(delta) <> 0 ORDER BY branch_id, status
    ON CONFLICT (branch_id, status) DO UPDATE SET total = c.total + EXCLUDED.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO policy_status_counts AS c (branch_id, status, total)
    SELECT branch_id, status, -count(*) FROM old_rows GROUP BY branch_id, status ORDER BY branch_id, status
    ON CONFLICT (branch_id, status) DO UPDATE SET total = c.total + EXCLUDED.total;
  ELSE -- TRUNCATE
    DELETE FROM policy_status_counts;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policies_status_counts_insert AFTER INSERT ON policies
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER policies_status_counts_update AFTER UPDATE ON policies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER policies_status_counts_delete AFTER DELETE ON policies
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER policies_status_counts_truncate AFTER TRUNCATE ON policies
  FOR EACH STATEMENT EXECUTE FUNCTION policy_status_counts_apply();
--> statement-breakpoint
-- The policies written before this migration (same transaction as the triggers, which lock the
-- table against writes until it commits).
INSERT INTO policy_status_counts (branch_id, status, total)
SELECT branch_id, status, count(*) FROM policies GROUP BY branch_id, status;
