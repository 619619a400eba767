-- Conditional writes (issue 28, decision 023). Every record a form edits gets a version that the
-- database raises on every UPDATE, whoever writes it (a form, a status change, a job, an ARCO
-- anonymisation): a trigger, so no write path can forget it. A form's save names the version it
-- was loaded at (If-Match) and is refused with a 412 when it is no longer current. updated_by
-- (set by the app) and updated_at say who saved last and when, for the 412's message.
CREATE FUNCTION bump_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
ALTER TABLE policies ADD COLUMN version integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE policies ADD COLUMN updated_by integer CONSTRAINT policies_updated_by_users_id_fk REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
CREATE TRIGGER policies_bump_version BEFORE UPDATE ON policies FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
ALTER TABLE addendums ADD COLUMN version integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER addendums_bump_version BEFORE UPDATE ON addendums FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
ALTER TABLE appointments ADD COLUMN version integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE appointments ADD COLUMN updated_by integer CONSTRAINT appointments_updated_by_users_id_fk REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
-- The reminder job's mark (reminded_at) is no change to what the form shows: it raises nothing.
CREATE TRIGGER appointments_bump_version BEFORE UPDATE ON appointments FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'reminded_at' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'reminded_at' - 'updated_at'))
  EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
ALTER TABLE leads ADD COLUMN version integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE leads ADD COLUMN updated_by integer CONSTRAINT leads_updated_by_users_id_fk REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
CREATE TRIGGER leads_bump_version BEFORE UPDATE ON leads FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
ALTER TABLE branches ADD COLUMN version integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE branches ADD COLUMN updated_by integer CONSTRAINT branches_updated_by_users_id_fk REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
CREATE TRIGGER branches_bump_version BEFORE UPDATE ON branches FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
ALTER TABLE whatsapp_gateways ADD COLUMN version integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER whatsapp_gateways_bump_version BEFORE UPDATE ON whatsapp_gateways FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
ALTER TABLE users ADD COLUMN version integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN updated_by integer CONSTRAINT users_updated_by_users_id_fk REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
-- A user's row also changes at sign-in (the MFA step, a new password): only what the user form
-- edits raises the version, so an admin's open form is not refused by the user signing in.
CREATE TRIGGER users_bump_version BEFORE UPDATE ON users FOR EACH ROW
  WHEN ((OLD.email, OLD.first_name, OLD.last_name, OLD.role, OLD.phone, OLD.mobile, OLD.status, OLD.branch_id)
    IS DISTINCT FROM (NEW.email, NEW.first_name, NEW.last_name, NEW.role, NEW.phone, NEW.mobile, NEW.status, NEW.branch_id))
  EXECUTE FUNCTION bump_row_version();
