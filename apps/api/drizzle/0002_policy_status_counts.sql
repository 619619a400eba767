CREATE TABLE "policy_status_counts" (
	"branch_id" integer NOT NULL,
	"status" "policy_status" NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "policy_status_counts_pkey" PRIMARY KEY("branch_id","status")
);
--> statement-breakpoint
ALTER TABLE "policy_status_counts" ADD CONSTRAINT "policy_status_counts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;