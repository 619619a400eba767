-- Issue 20 stores lead numbers as E.164 ('+525590004000'); leads saved before it keep what was
-- typed ('55 9000 4000', '+52 1 55 9000 4000', '044 55 9000 4000'), which the WhatsApp webhook
-- cannot match. This rewrites the unambiguous Mexican shapes the way the domain's normalizePhone
-- reads them; anything else (foreign numbers, typos) is left as typed and shown as typed.
CREATE FUNCTION pg_temp.mexican_e164(typed text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN typed ~ '^\+\d{8,15}$' AND typed !~ '^\+521\d{10}$' THEN typed
    WHEN digits ~ '^[2-9]\d{9}$' AND typed !~ '^\s*\+' THEN '+52' || digits
    WHEN digits ~ '^52[2-9]\d{9}$' THEN '+' || digits
    WHEN digits ~ '^521[2-9]\d{9}$' THEN '+52' || substr(digits, 4)
    WHEN digits ~ '^04[45][2-9]\d{9}$' AND typed !~ '^\s*\+' THEN '+52' || substr(digits, 4)
    ELSE typed
  END
  FROM (SELECT regexp_replace(typed, '\D', '', 'g') AS digits) d
$$;--> statement-breakpoint
UPDATE "leads" SET "phone" = pg_temp.mexican_e164("phone") WHERE "phone" <> '' AND "phone" IS DISTINCT FROM pg_temp.mexican_e164("phone");--> statement-breakpoint
UPDATE "leads" SET "phonewhats" = pg_temp.mexican_e164("phonewhats") WHERE "phonewhats" <> '' AND "phonewhats" IS DISTINCT FROM pg_temp.mexican_e164("phonewhats");--> statement-breakpoint
DROP FUNCTION pg_temp.mexican_e164(text);
