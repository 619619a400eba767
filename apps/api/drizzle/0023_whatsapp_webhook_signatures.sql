-- Issue 28: the webhook's signing key (sealed by the app; null until a manager generates one, and
-- until then every delivery is refused), and a gateway's message id kept once per branch.
ALTER TABLE "whatsapp_gateways" ADD COLUMN "webhook_secret" text;
--> statement-breakpoint
-- A delivery repeated before this index existed logged the same message twice: the later copies
-- (same branch, same gateway id, same text) are the same message and go; the first one stays.
DELETE FROM "whatsapp_messages" AS "copy"
USING "whatsapp_messages" AS "first"
WHERE "copy"."direction" = 'in' AND "first"."direction" = 'in'
  AND "copy"."gateway_message_id" <> ''
  AND "copy"."branch_id" = "first"."branch_id"
  AND "copy"."gateway_message_id" = "first"."gateway_message_id"
  AND "copy"."body" = "first"."body"
  AND "copy"."id" > "first"."id";
--> statement-breakpoint
-- Copies whose text differs (none is expected) are kept, without the id they share, so the index can be built.
UPDATE "whatsapp_messages" AS "copy" SET "gateway_message_id" = ''
FROM "whatsapp_messages" AS "first"
WHERE "copy"."direction" = 'in' AND "first"."direction" = 'in'
  AND "copy"."gateway_message_id" <> ''
  AND "copy"."branch_id" = "first"."branch_id"
  AND "copy"."gateway_message_id" = "first"."gateway_message_id"
  AND "copy"."id" > "first"."id";
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_inbound_gateway_id_key" ON "whatsapp_messages" USING btree ("branch_id","gateway_message_id") WHERE "whatsapp_messages"."direction" = 'in' and "whatsapp_messages"."gateway_message_id" <> '';
