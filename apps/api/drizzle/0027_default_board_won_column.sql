-- Issue 29: the default board's «Póliza» is the won column, so 'Convertir en póliza' moves the
-- lead out of «Cotización». Boards a branch saved before keep their choice when they made one
-- (a won column exists); where none exists, the spec's «Póliza» column becomes it. The spec's
-- default title gets its accent where the branch kept it as it was.
UPDATE "lead_columns" AS "col" SET "is_won" = true
WHERE "col"."id" = 'poliza'
  AND NOT EXISTS (SELECT 1 FROM "lead_columns" AS "won" WHERE "won"."branch_id" = "col"."branch_id" AND "won"."is_won");
--> statement-breakpoint
UPDATE "lead_columns" SET "title" = 'Cotización' WHERE "id" = 'cotizacion' AND "title" = 'Cotizacion';
