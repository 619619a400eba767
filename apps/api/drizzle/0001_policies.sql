CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."policy_status" AS ENUM('created', 'investigation', 'investigation_approved', 'investigation_rejected', 'contracts', 'signature', 'active', 'cancelled', 'expiring', 'expired');--> statement-breakpoint
CREATE TYPE "public"."policy_type" AS ENUM('basica', 'plus', 'plusAuto', 'garantiaPlus');--> statement-breakpoint
CREATE TYPE "public"."property_type" AS ENUM('house', 'apartment', 'condo', 'warehouse', 'commercial', 'industrial', 'land');--> statement-breakpoint
CREATE TYPE "public"."reference_type" AS ENUM('personal', 'familiar');--> statement-breakpoint
CREATE TABLE "guarantor_vehicles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guarantor_vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"guarantor_id" integer NOT NULL,
	"brand" varchar(60) DEFAULT '' NOT NULL,
	"model" varchar(60) DEFAULT '' NOT NULL,
	"year" smallint,
	"color" varchar(40) DEFAULT '' NOT NULL,
	"license_plate" varchar(20) DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guarantor_vehicles_guarantor_id_key" UNIQUE("guarantor_id")
);
--> statement-breakpoint
CREATE TABLE "guarantors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guarantors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" varchar(150) NOT NULL,
	"street" varchar(150) DEFAULT '' NOT NULL,
	"exterior_number" varchar(20) DEFAULT '' NOT NULL,
	"interior_number" varchar(20) DEFAULT '' NOT NULL,
	"colony" varchar(120) DEFAULT '' NOT NULL,
	"municipality" varchar(120) DEFAULT '' NOT NULL,
	"state" varchar(80) DEFAULT '' NOT NULL,
	"zip_code" varchar(5) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"mobile" varchar(30) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"same_address_as_guarantee" boolean DEFAULT true NOT NULL,
	"has_guarantee_address" boolean DEFAULT false NOT NULL,
	"guarantee_street" varchar(150) DEFAULT '' NOT NULL,
	"guarantee_exterior_number" varchar(20) DEFAULT '' NOT NULL,
	"guarantee_interior_number" varchar(20) DEFAULT '' NOT NULL,
	"guarantee_colony" varchar(120) DEFAULT '' NOT NULL,
	"guarantee_municipality" varchar(120) DEFAULT '' NOT NULL,
	"guarantee_state" varchar(80) DEFAULT '' NOT NULL,
	"guarantee_zip_code" varchar(5) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"investigation_id" varchar(30) NOT NULL,
	"policy_number" varchar(40) DEFAULT '' NOT NULL,
	"status" "policy_status" DEFAULT 'created' NOT NULL,
	"previous_policy" varchar(40) DEFAULT '' NOT NULL,
	"policy_type" "policy_type" DEFAULT 'basica' NOT NULL,
	"guarantor_required" boolean DEFAULT false NOT NULL,
	"is_electronic_signature" boolean DEFAULT false NOT NULL,
	"specialnote" text DEFAULT '' NOT NULL,
	"branch_id" integer NOT NULL,
	"user_id" integer,
	"tenant_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"guarantor_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"owner_name" varchar(150) DEFAULT '' NOT NULL,
	"street" varchar(150) DEFAULT '' NOT NULL,
	"exterior_number" varchar(20) DEFAULT '' NOT NULL,
	"colony" varchar(120) DEFAULT '' NOT NULL,
	"municipality" varchar(120) DEFAULT '' NOT NULL,
	"delivery_date" date,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"user_id" integer,
	"from_status" "policy_status",
	"to_status" "policy_status",
	"changes" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "properties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"street" varchar(150) DEFAULT '' NOT NULL,
	"exterior_number" varchar(20) DEFAULT '' NOT NULL,
	"interior_number" varchar(20) DEFAULT '' NOT NULL,
	"colony" varchar(120) DEFAULT '' NOT NULL,
	"municipality" varchar(120) DEFAULT '' NOT NULL,
	"state" varchar(80) DEFAULT '' NOT NULL,
	"zip_code" varchar(5) DEFAULT '' NOT NULL,
	"property_type" "property_type" DEFAULT 'house' NOT NULL,
	"parking_spots" integer DEFAULT 0 NOT NULL,
	"identification" varchar(60) DEFAULT '' NOT NULL,
	"service_water" boolean DEFAULT false NOT NULL,
	"service_electricity" boolean DEFAULT false NOT NULL,
	"service_maintenance" boolean DEFAULT false NOT NULL,
	"service_other" varchar(200) DEFAULT '' NOT NULL,
	"service_details" text DEFAULT '' NOT NULL,
	"commercial_use" boolean DEFAULT false NOT NULL,
	"commercial_services" boolean DEFAULT false NOT NULL,
	"commercial_services_details" text DEFAULT '' NOT NULL,
	"special_objects" boolean DEFAULT false NOT NULL,
	"special_objects_details" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "properties_policy_id_key" UNIQUE("policy_id")
);
--> statement-breakpoint
CREATE TABLE "property_owners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "property_owners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"street" varchar(150) DEFAULT '' NOT NULL,
	"exterior_number" varchar(20) DEFAULT '' NOT NULL,
	"interior_number" varchar(20) DEFAULT '' NOT NULL,
	"colony" varchar(120) DEFAULT '' NOT NULL,
	"municipality" varchar(120) DEFAULT '' NOT NULL,
	"state" varchar(80) DEFAULT '' NOT NULL,
	"zip_code" varchar(5) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"mobile" varchar(30) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	CONSTRAINT "property_owners_property_id_key" UNIQUE("property_id")
);
--> statement-breakpoint
CREATE TABLE "rents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"includes_maintenance" boolean DEFAULT false NOT NULL,
	"maintenance_amount" numeric(12, 2),
	"provides_invoice" boolean DEFAULT false NOT NULL,
	"contract_start_date" date,
	"property_delivery_date" date,
	"grace_period" smallint,
	"deposit" numeric(12, 2),
	"bank_deposit" boolean DEFAULT false NOT NULL,
	"account_number" varchar(30) DEFAULT '' NOT NULL,
	"bank" varchar(80) DEFAULT '' NOT NULL,
	"clabe" varchar(18) DEFAULT '' NOT NULL,
	"account_holder" varchar(150) DEFAULT '' NOT NULL,
	"real_estate" boolean DEFAULT false NOT NULL,
	"real_estate_name" varchar(150) DEFAULT '' NOT NULL,
	"real_estate_agent" varchar(150) DEFAULT '' NOT NULL,
	CONSTRAINT "rents_property_id_key" UNIQUE("property_id")
);
--> statement-breakpoint
CREATE TABLE "tenant_references" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenant_references_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" varchar(150) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"type" "reference_type" DEFAULT 'personal' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" varchar(150) NOT NULL,
	"street" varchar(150) DEFAULT '' NOT NULL,
	"exterior_number" varchar(20) DEFAULT '' NOT NULL,
	"interior_number" varchar(20) DEFAULT '' NOT NULL,
	"colony" varchar(120) DEFAULT '' NOT NULL,
	"municipality" varchar(120) DEFAULT '' NOT NULL,
	"state" varchar(80) DEFAULT '' NOT NULL,
	"zip_code" varchar(5) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"mobile" varchar(30) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"profession" varchar(120) DEFAULT '' NOT NULL,
	"monthly_income" numeric(12, 2),
	"company" varchar(150) DEFAULT '' NOT NULL,
	"seniority" varchar(60) DEFAULT '' NOT NULL,
	"immediate_boss" varchar(150) DEFAULT '' NOT NULL,
	"work_street" varchar(150) DEFAULT '' NOT NULL,
	"work_exterior_number" varchar(20) DEFAULT '' NOT NULL,
	"work_interior_number" varchar(20) DEFAULT '' NOT NULL,
	"work_colony" varchar(120) DEFAULT '' NOT NULL,
	"work_municipality" varchar(120) DEFAULT '' NOT NULL,
	"work_state" varchar(80) DEFAULT '' NOT NULL,
	"work_zip_code" varchar(5) DEFAULT '' NOT NULL,
	"requires_invoice" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guarantor_vehicles" ADD CONSTRAINT "guarantor_vehicles_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "public"."guarantors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantors" ADD CONSTRAINT "guarantors_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_events" ADD CONSTRAINT "policy_events_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_events" ADD CONSTRAINT "policy_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_owners" ADD CONSTRAINT "property_owners_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rents" ADD CONSTRAINT "rents_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_references" ADD CONSTRAINT "tenant_references_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guarantors_policy_id_idx" ON "guarantors" USING btree ("policy_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_investigation_id_key" ON "policies" USING btree ("investigation_id");--> statement-breakpoint
CREATE INDEX "policies_branch_created_idx" ON "policies" USING btree ("branch_id","created_at","id");--> statement-breakpoint
CREATE INDEX "policies_created_idx" ON "policies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "policies_branch_status_created_idx" ON "policies" USING btree ("branch_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "policies_search_text_trgm_idx" ON "policies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policies_user_id_idx" ON "policies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "policy_events_policy_id_idx" ON "policy_events" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE INDEX "tenant_references_tenant_id_idx" ON "tenant_references" USING btree ("tenant_id","position");--> statement-breakpoint
CREATE INDEX "tenants_policy_id_idx" ON "tenants" USING btree ("policy_id","position");