CREATE TYPE "public"."document_slot" AS ENUM('tenantId', 'tenantIdBack', 'guarantorId', 'guarantorIdBack', 'employmentLetter', 'guarantorDeed', 'ownerId', 'ownerIdBack', 'utilities', 'incomeProof');--> statement-breakpoint
CREATE TYPE "public"."identification_type" AS ENUM('ine', 'pasaporte', 'ineSeparada');--> statement-breakpoint
CREATE TABLE "investigation_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investigation_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"investigation_id" varchar(64) NOT NULL,
	"slot" "document_slot" NOT NULL,
	"slot_index" smallint DEFAULT 0 NOT NULL,
	"identification_type" "identification_type",
	"original_filename" varchar(255) NOT NULL,
	"stored_name" varchar(100) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" char(64) NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"respuesta" text DEFAULT '' NOT NULL,
	"responded_by" integer,
	"responded_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "investigation_documents" ADD CONSTRAINT "investigation_documents_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investigation_documents" ADD CONSTRAINT "investigation_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investigation_documents" ADD CONSTRAINT "investigation_documents_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "investigation_documents_slot_key" ON "investigation_documents" USING btree ("policy_id","slot","slot_index");--> statement-breakpoint
CREATE UNIQUE INDEX "investigation_documents_stored_name_key" ON "investigation_documents" USING btree ("stored_name");--> statement-breakpoint
CREATE INDEX "investigation_documents_investigation_id_idx" ON "investigation_documents" USING btree ("investigation_id");