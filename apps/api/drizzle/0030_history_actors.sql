-- Issue 29: the history and the lead notes name who acted when no staff member did, instead of
-- 'Usuario eliminado': a person outside by their link, the web form, WhatsApp, or 'Sistema'.
ALTER TABLE "policy_events" ADD COLUMN "actor_label" varchar(200) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "lead_notes" ADD COLUMN "author_label" varchar(100) DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Uploads by link wrote the party and the person in the note: 'Documento subido por enlace (Inquilino: Lucía Gómez): …'.
UPDATE "policy_events"
SET "actor_label" = substring("note" from 'por enlace \([^:]+: ([^)]+)\)') || ' (' || lower(substring("note" from 'por enlace \(([^:]+): ')) || ', por enlace)'
WHERE "user_id" IS NULL AND NOT "by_system" AND "note" ~ '^Documento (subido|reemplazado) por enlace \([^:]+: [^)]+\)';
--> statement-breakpoint
UPDATE "policy_events"
SET "actor_label" = substring("note" from '^Firma electrónica rechazada por ([^:]+): ') || ' (firmante, por enlace)'
WHERE "user_id" IS NULL AND NOT "by_system" AND "note" ~ '^Firma electrónica rechazada por [^:]+: ';
--> statement-breakpoint
-- The last signature activates the policy: the portal did it, not a person.
UPDATE "policy_events" SET "by_system" = true
WHERE "user_id" IS NULL AND NOT "by_system" AND "note" = 'Firma electrónica completada';
--> statement-breakpoint
-- The first note of a lead that came by itself is the person's message.
UPDATE "lead_notes" AS "n"
SET "author_label" = CASE "l"."source" WHEN 'WhatsApp' THEN 'WhatsApp' ELSE 'Formulario web' END
FROM "leads" AS "l"
WHERE "n"."lead_id" = "l"."id" AND "n"."author_id" IS NULL AND "l"."created_by" IS NULL AND "l"."source" IN ('Sitio Web', 'WhatsApp')
  AND "n"."id" = (SELECT min("first"."id") FROM "lead_notes" AS "first" WHERE "first"."lead_id" = "l"."id");
