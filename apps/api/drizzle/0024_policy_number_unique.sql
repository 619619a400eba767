-- One policy per folio de póliza across the company (issue 28). Before the index, a database that
-- already holds two policies with one folio stops here with the list of them, so the operator
-- decides which keeps it: renaming one silently would change a number printed on a contract.
DO $$
DECLARE
  duplicated text;
BEGIN
  SELECT string_agg(format('%s (pólizas %s)', policy_number, ids), '; ' ORDER BY policy_number)
    INTO duplicated
    FROM (
      SELECT policy_number, string_agg(id::text, ', ' ORDER BY id) AS ids
        FROM policies
       WHERE policy_number <> ''
       GROUP BY policy_number
      HAVING count(*) > 1
    ) AS repeated;
  IF duplicated IS NOT NULL THEN
    RAISE EXCEPTION 'Folios de póliza repetidos: %', duplicated
      USING HINT = 'Cada folio de póliza debe ser de una sola póliza: deje el folio en la que lo lleva en su contrato, vacíelo en las demás (UPDATE policies SET policy_number = '''' WHERE id IN (…)) y vuelva a iniciar el servidor; un administrador puede darles después su folio desde el formulario.';
  END IF;
END
$$;
--> statement-breakpoint
CREATE UNIQUE INDEX "policies_policy_number_key" ON "policies" USING btree ("policy_number") WHERE "policies"."policy_number" <> '';
