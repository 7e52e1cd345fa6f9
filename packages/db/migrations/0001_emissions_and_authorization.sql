CREATE TABLE "activity_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"equipment_id" uuid,
	"activity_type" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"quantity" double precision NOT NULL,
	"unit" text NOT NULL,
	"factor_key" text NOT NULL,
	"scope" smallint NOT NULL,
	"scope3_category" smallint,
	"certificate_coverage" double precision,
	"is_estimated" boolean DEFAULT false NOT NULL,
	"import_batch_id" uuid,
	"notes" text,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_records_scope_check" CHECK ("activity_records"."scope" in (1, 2, 3)),
	CONSTRAINT "activity_records_quantity_check" CHECK ("activity_records"."quantity" >= 0),
	CONSTRAINT "activity_records_period_check" CHECK ("activity_records"."period_end" >= "activity_records"."period_start"),
	CONSTRAINT "activity_records_certificate_coverage_check" CHECK ("activity_records"."certificate_coverage" is null or ("activity_records"."certificate_coverage" >= 0 and "activity_records"."certificate_coverage" <= 1))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"realm_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"occurred_on" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calculation_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"formula" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emission_factor_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"publisher" text NOT NULL,
	"url" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emission_factor_sources_key_unique" UNIQUE NULLS NOT DISTINCT("realm_id","key")
);
--> statement-breakpoint
CREATE TABLE "emission_factor_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"label" text NOT NULL,
	"year" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emission_factor_versions_status_check" CHECK ("emission_factor_versions"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "emission_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"realm_id" uuid,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emission_factors_key_unique" UNIQUE NULLS NOT DISTINCT("realm_id","key")
);
--> statement-breakpoint
CREATE TABLE "emission_results" (
	"realm_id" uuid NOT NULL,
	"activity_record_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"scope" smallint NOT NULL,
	"scope3_category" smallint,
	"scope2_method" text DEFAULT '' NOT NULL,
	"gases" jsonb NOT NULL,
	"co2e_kg" double precision NOT NULL,
	"gwp_set_id" text NOT NULL,
	"factor_key" text NOT NULL,
	"factor_version" text NOT NULL,
	"calculation_method_id" text NOT NULL,
	"is_fallback" boolean DEFAULT false NOT NULL,
	"calculated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emission_results_activity_record_id_scope2_method_pk" PRIMARY KEY("activity_record_id","scope2_method")
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"equipment_type_id" uuid NOT NULL,
	"type_version" integer NOT NULL,
	"name" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_realm_id_id_unique" UNIQUE("realm_id","id")
);
--> statement-breakpoint
CREATE TABLE "equipment_type_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"equipment_type_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"schema" jsonb NOT NULL,
	"activity_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"calculation_method_id" text,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_types_realm_id_id_unique" UNIQUE("realm_id","id")
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"sector" text NOT NULL,
	"naics" text,
	"address" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"ghgrp_id" text,
	"reported" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facilities_realm_id_id_unique" UNIQUE("realm_id","id")
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"realm_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_realm_id_id_unique" UNIQUE("realm_id","id")
);
--> statement-breakpoint
CREATE TABLE "gwp_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"row_count" integer NOT NULL,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_batches_realm_id_id_unique" UNIQUE("realm_id","id")
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"principal_type" text NOT NULL,
	"principal_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"right_id" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permissions_principal_type_check" CHECK ("permissions"."principal_type" in ('user', 'group', 'role')),
	CONSTRAINT "permissions_type_check" CHECK ("permissions"."type" in ('REGEX_GRANT', 'PLAINTEXT_GRANT', 'SCRIPT_GRANT'))
);
--> statement-breakpoint
CREATE TABLE "rights" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_assignments" (
	"realm_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"principal_type" text NOT NULL,
	"principal_id" uuid NOT NULL,
	CONSTRAINT "role_assignments_principal_type_check" CHECK ("role_assignments"."principal_type" in ('user', 'group'))
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_realm_id_id_unique" UNIQUE("realm_id","id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_realm_id_id_unique" UNIQUE("realm_id","id");--> statement-breakpoint
ALTER TABLE "activity_records" ADD CONSTRAINT "activity_records_realm_id_facility_id_facilities_realm_id_id_fk" FOREIGN KEY ("realm_id","facility_id") REFERENCES "public"."facilities"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_factor_sources" ADD CONSTRAINT "emission_factor_sources_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_factor_versions" ADD CONSTRAINT "emission_factor_versions_source_id_emission_factor_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."emission_factor_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD CONSTRAINT "emission_factors_version_id_emission_factor_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."emission_factor_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD CONSTRAINT "emission_factors_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_realm_id_facility_id_facilities_realm_id_id_fk" FOREIGN KEY ("realm_id","facility_id") REFERENCES "public"."facilities"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_realm_id_equipment_type_id_equipment_types_realm_id_id_fk" FOREIGN KEY ("realm_id","equipment_type_id") REFERENCES "public"."equipment_types"("realm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_type_versions" ADD CONSTRAINT "equipment_type_versions_calculation_method_id_calculation_methods_id_fk" FOREIGN KEY ("calculation_method_id") REFERENCES "public"."calculation_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_type_versions" ADD CONSTRAINT "equipment_type_versions_realm_id_equipment_type_id_equipment_types_realm_id_id_fk" FOREIGN KEY ("realm_id","equipment_type_id") REFERENCES "public"."equipment_types"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_types" ADD CONSTRAINT "equipment_types_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_realm_id_group_id_groups_realm_id_id_fk" FOREIGN KEY ("realm_id","group_id") REFERENCES "public"."groups"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_realm_id_user_id_users_realm_id_id_fk" FOREIGN KEY ("realm_id","user_id") REFERENCES "public"."users"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_right_id_rights_id_fk" FOREIGN KEY ("right_id") REFERENCES "public"."rights"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_realm_id_role_id_roles_realm_id_id_fk" FOREIGN KEY ("realm_id","role_id") REFERENCES "public"."roles"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_records_facility_period_index" ON "activity_records" USING btree ("realm_id","facility_id","period_start");--> statement-breakpoint
CREATE INDEX "activity_records_realm_id_id_index" ON "activity_records" USING btree ("realm_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_realm_sequence_unique" ON "audit_log" USING btree ("realm_id","sequence");--> statement-breakpoint
CREATE INDEX "audit_log_entity_index" ON "audit_log" USING btree ("realm_id","entity_type","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "emission_factor_versions_unique" ON "emission_factor_versions" USING btree ("source_id","label");--> statement-breakpoint
CREATE INDEX "emission_factors_version_index" ON "emission_factors" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "emission_results_facility_period_index" ON "emission_results" USING btree ("realm_id","facility_id","period_start");--> statement-breakpoint
CREATE INDEX "equipment_facility_index" ON "equipment" USING btree ("realm_id","facility_id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_type_versions_unique" ON "equipment_type_versions" USING btree ("realm_id","equipment_type_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_types_realm_id_key_unique" ON "equipment_types" USING btree ("realm_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "facilities_realm_id_slug_unique" ON "facilities" USING btree ("realm_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "facilities_realm_id_ghgrp_id_unique" ON "facilities" USING btree ("realm_id","ghgrp_id") WHERE "facilities"."ghgrp_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_unique" ON "group_members" USING btree ("realm_id","group_id","user_id");--> statement-breakpoint
CREATE INDEX "group_members_user_index" ON "group_members" USING btree ("realm_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_realm_id_name_unique" ON "groups" USING btree ("realm_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "import_batches_file_unique" ON "import_batches" USING btree ("realm_id","kind","file_hash");--> statement-breakpoint
CREATE INDEX "permissions_principal_index" ON "permissions" USING btree ("realm_id","principal_type","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "role_assignments_unique" ON "role_assignments" USING btree ("realm_id","role_id","principal_type","principal_id");--> statement-breakpoint
CREATE INDEX "role_assignments_principal_index" ON "role_assignments" USING btree ("realm_id","principal_type","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_realm_id_key_unique" ON "roles" USING btree ("realm_id","key");
