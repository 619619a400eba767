-- Custom SQL migration file, put your code below! --
-- Each app instance keeps the signed-in users' rows for a few seconds (issue 13). Any change or
-- removal of a user is announced on the channel `users_changed` with the user's id, delivered at
-- COMMIT, so every instance forgets that user before its next request sees the change.
CREATE FUNCTION users_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('users_changed', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_notify_change();
