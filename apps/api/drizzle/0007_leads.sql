CREATE TABLE "lead_columns" (
	"branch_id" integer NOT NULL,
	"id" varchar(60) NOT NULL,
	"position" smallint NOT NULL,
	"title" varchar(60) NOT NULL,
	"color" varchar(7) NOT NULL,
	CONSTRAINT "lead_columns_branch_id_id_pk" PRIMARY KEY("branch_id","id")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"phonewhats" varchar(30) DEFAULT '' NOT NULL,
	"source" varchar(30) DEFAULT '' NOT NULL,
	"server" varchar(200) DEFAULT '' NOT NULL,
	"apikey" varchar(200) DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" varchar(60) NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_columns" ADD CONSTRAINT "lead_columns_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_branch_id_idx" ON "leads" USING btree ("branch_id","created_at");