-- Custom SQL migration file, put your code below! --
-- Each app instance keeps the policy searches' pages for a few seconds (issue 13). Any statement
-- that changes what a search shows — the policies (with their status counters) or their
-- guarantors (the first guarantor's id) — announces it on the channel `policies_changed`,
-- delivered at COMMIT (once per transaction: PostgreSQL folds identical notifications), so every
-- instance drops its pages before its next search reads them.
CREATE FUNCTION policies_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('policies_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policies_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON policies FOR EACH STATEMENT EXECUTE FUNCTION policies_notify_change();
--> statement-breakpoint
CREATE TRIGGER guarantors_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON guarantors FOR EACH STATEMENT EXECUTE FUNCTION policies_notify_change();
