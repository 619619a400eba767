-- Issue 29: a lead keeps the person's e-mail (the web form sends it), so 'Convertir en póliza'
-- carries it into the tenant's. Leads captured before kept it in their first note ('Correo: …').
ALTER TABLE "leads" ADD COLUMN "email" varchar(254) DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE "leads" AS "l" SET "email" = lower(substring("n"."body" from '(?:^|\n)Correo: ([^\s]+@[^\s]+)\s*$'))
FROM "lead_notes" AS "n"
WHERE "n"."lead_id" = "l"."id" AND "l"."email" = '' AND "l"."source" = 'Sitio Web'
  AND "n"."body" ~ '(^|\n)Correo: [^\s]+@[^\s]+\s*$'
  AND "n"."id" = (SELECT min("first"."id") FROM "lead_notes" AS "first" WHERE "first"."lead_id" = "l"."id");
