CREATE TYPE "public"."rent_proof_state" AS ENUM('pending', 'accepted', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'rent_proof_received';--> statement-breakpoint
ALTER TYPE "public"."link_purpose" ADD VALUE 'rent_proof';--> statement-breakpoint
CREATE TABLE "rent_payment_proofs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rent_payment_proofs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"link_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"method" "payment_method" NOT NULL,
	"reference" varchar(100) DEFAULT '' NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"stored_name" varchar(100) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" char(64) NOT NULL,
	"state" "rent_proof_state" DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"payment_id" integer,
	"decided_by" integer,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_payment_proofs_amount_check" CHECK ("rent_payment_proofs"."amount" > 0),
	CONSTRAINT "rent_payment_proofs_reason_check" CHECK (("rent_payment_proofs"."state" = 'rejected') = ("rent_payment_proofs"."reject_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "rent_payments" ADD COLUMN "receipt_stored_name" varchar(100);--> statement-breakpoint
ALTER TABLE "rent_payments" ADD COLUMN "receipt_file_name" varchar(255);--> statement-breakpoint
ALTER TABLE "rent_payments" ADD COLUMN "receipt_mime_type" varchar(100);--> statement-breakpoint
ALTER TABLE "rent_payments" ADD COLUMN "receipt_size" bigint;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD COLUMN "receipt_sha256" char(64);--> statement-breakpoint
ALTER TABLE "rent_payment_proofs" ADD CONSTRAINT "rent_payment_proofs_policy_id_rent_schedules_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."rent_schedules"("policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_proofs" ADD CONSTRAINT "rent_payment_proofs_link_id_public_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."public_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_proofs" ADD CONSTRAINT "rent_payment_proofs_payment_id_rent_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."rent_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_proofs" ADD CONSTRAINT "rent_payment_proofs_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rent_payment_proofs_policy_idx" ON "rent_payment_proofs" USING btree ("policy_id","id");