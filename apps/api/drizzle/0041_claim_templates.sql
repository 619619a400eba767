ALTER TYPE "public"."contract_document_kind" ADD VALUE 'payment_demand';--> statement-breakpoint
ALTER TYPE "public"."contract_document_kind" ADD VALUE 'guarantor_letter';--> statement-breakpoint
ALTER TYPE "public"."contract_document_kind" ADD VALUE 'payment_agreement';--> statement-breakpoint
ALTER TYPE "public"."contract_document_kind" ADD VALUE 'lawsuit_summary';--> statement-breakpoint
ALTER TABLE "claim_movements" ADD COLUMN "instalment_payment_id" integer;--> statement-breakpoint
ALTER TABLE "claim_movements" ADD CONSTRAINT "claim_movements_instalment_payment_id_claim_instalment_payments_id_fk" FOREIGN KEY ("instalment_payment_id") REFERENCES "public"."claim_instalment_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_movements_instalment_payment_key" ON "claim_movements" USING btree ("instalment_payment_id");