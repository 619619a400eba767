-- Issue 34: a policy's fee is quoted as soon as its rent is known, whatever path wrote the rent
-- (the form, a lead's conversion, a renewal, an import): a trigger, as the rent schedule's
-- (migration 0034). The arithmetic is the domain's `quoteFee` (packages/domain/src/fees/quote.ts):
-- base = max(rent × rate, minimum), each line rounded to the centavo half away from zero
-- (PostgreSQL's round(numeric) does exactly that), extras, IVA on the subtotal; fees.test.ts
-- proves the two agree. The defaults are the domain's `defaultFeeTariff` (version 0).
--
-- A fee is quoted again (current tariff, same rules) while nothing was collected and no manager
-- set a discount, when the rent changes (`requote` false: only if the rent differs from the
-- quoted one) or the policy type does (`requote` true). The extras chosen stay when the new
-- tariff still offers them. A tariff change alone never touches a quoted fee.
CREATE FUNCTION policy_fee_quote(ids integer[], requote boolean DEFAULT false) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  quoted integer;
BEGIN
  WITH defaults (policy_type, rate_percent, minimum, iva_percent) AS (
    VALUES ('basica'::policy_type, 35.00::numeric, 3500.00::numeric, 16.00::numeric),
           ('plus'::policy_type, 45.00, 3500.00, 16.00),
           ('plusAuto'::policy_type, 50.00, 3500.00, 16.00),
           ('garantiaPlus'::policy_type, 45.00, 3500.00, 16.00)
  ), src AS (
    SELECT p.id AS policy_id, r.price AS rent, t.id AS tariff_id, coalesce(t.version, 0) AS tariff_version,
           coalesce(t.rate_percent, d.rate_percent) AS rate_percent,
           coalesce(t.minimum, d.minimum) AS minimum,
           coalesce(t.iva_percent, d.iva_percent) AS iva_percent,
           coalesce(t.extras, '[]'::jsonb) AS offered,
           coalesce(f.extras, '[]'::jsonb) AS chosen
      FROM (SELECT DISTINCT unnest(ids) AS id) i
      JOIN policies p ON p.id = i.id
      JOIN properties pr ON pr.policy_id = p.id
      JOIN rents r ON r.property_id = pr.id
      JOIN defaults d ON d.policy_type = p.policy_type
      LEFT JOIN LATERAL (
        SELECT ft.id, ft.version, ft.rate_percent, ft.minimum, ft.iva_percent, ft.extras FROM fee_tariffs ft
         WHERE ft.branch_id = p.branch_id AND ft.policy_type = p.policy_type
         ORDER BY ft.version DESC LIMIT 1
      ) t ON true
      LEFT JOIN policy_fees f ON f.policy_id = p.id
     WHERE r.price > 0
       AND (f.policy_id IS NULL OR (f.collected = 0 AND f.discount = 0 AND (requote OR f.rent_amount <> r.price)))
  ), chosen_extras AS (
    SELECT s.policy_id,
           coalesce(jsonb_agg(o.value ORDER BY o.n) FILTER (WHERE o.value IS NOT NULL), '[]'::jsonb) AS extras,
           coalesce(sum(round((o.value->>'amount')::numeric, 2)), 0) AS amount
      FROM src s
      LEFT JOIN LATERAL jsonb_array_elements(s.offered) WITH ORDINALITY AS o(value, n)
        ON s.chosen @> jsonb_build_array(jsonb_build_object('key', o.value->>'key'))
     GROUP BY s.policy_id
  ), priced AS (
    SELECT s.*, e.extras, e.amount AS extras_amount,
           greatest(round(s.rent * s.rate_percent / 100, 2), s.minimum) AS base_amount
      FROM src s JOIN chosen_extras e USING (policy_id)
  ), totals AS (
    SELECT q.*, q.base_amount + q.extras_amount AS subtotal,
           round((q.base_amount + q.extras_amount) * q.iva_percent / 100, 2) AS iva
      FROM priced q
  ), written AS (
    INSERT INTO policy_fees (policy_id, tariff_id, tariff_version, rent_amount, rate_percent, minimum, iva_percent,
                             base_amount, extras, extras_amount, subtotal, iva, total)
    SELECT policy_id, tariff_id, tariff_version, rent, rate_percent, minimum, iva_percent,
           base_amount, extras, extras_amount, subtotal, iva, subtotal + iva
      FROM totals
    ON CONFLICT (policy_id) DO UPDATE SET
      tariff_id = excluded.tariff_id, tariff_version = excluded.tariff_version, rent_amount = excluded.rent_amount,
      rate_percent = excluded.rate_percent, minimum = excluded.minimum, iva_percent = excluded.iva_percent,
      base_amount = excluded.base_amount, extras = excluded.extras, extras_amount = excluded.extras_amount,
      subtotal = excluded.subtotal, iva = excluded.iva, total = excluded.total,
      version = policy_fees.version + 1, quoted_at = now(), updated_at = now()
    -- Checked again under the row's lock: a payment or a discount committed meanwhile keeps the quote.
    WHERE policy_fees.collected = 0 AND policy_fees.discount = 0
    RETURNING policy_id
  )
  SELECT count(*) INTO quoted FROM written;
  RETURN quoted;
END
$$;
--> statement-breakpoint
-- Deferred to the commit: the policy, its property and its rent are written by separate statements.
CREATE FUNCTION policy_fee_on_rent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM policy_fee_quote(array(SELECT pr.policy_id FROM properties pr WHERE pr.id = NEW.property_id), false);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER rents_policy_fee_quote AFTER INSERT OR UPDATE OF price ON rents
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION policy_fee_on_rent();
--> statement-breakpoint
CREATE FUNCTION policy_fee_on_type() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM policy_fee_quote(array[NEW.id], true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER policies_fee_quote_on_type AFTER UPDATE OF policy_type ON policies
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.policy_type IS DISTINCT FROM NEW.policy_type)
  EXECUTE FUNCTION policy_fee_on_type();
--> statement-breakpoint
-- The policies written before the fee existed are quoted with the defaults, dated as the policy
-- (so the billing report does not count them all as quoted in the month of this migration).
SELECT policy_fee_quote(array(SELECT id FROM policies));
--> statement-breakpoint
UPDATE policy_fees f SET quoted_at = p.created_at FROM policies p WHERE p.id = f.policy_id;
