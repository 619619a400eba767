ALTER TABLE "signing_rounds" ALTER COLUMN "pack_stored_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_rounds" ADD COLUMN "pack_size" integer;