CREATE TABLE "calculation_bindings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_key" text NOT NULL,
	"calculation_id" uuid NOT NULL,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calculation_bindings_kind_check" CHECK ("calculation_bindings"."target_kind" in ('activity-type', 'equipment-type'))
);
--> statement-breakpoint
CREATE TABLE "calculation_dataset_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"dataset_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"as_of" date NOT NULL,
	"columns" text[] NOT NULL,
	"rows" jsonb NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"imported_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calculation_datasets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calculation_datasets_realm_id_id_unique" UNIQUE("realm_id","id")
);
--> statement-breakpoint
CREATE TABLE "calculation_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calculation_folders_realm_id_id_unique" UNIQUE("realm_id","id"),
	CONSTRAINT "calculation_folders_name_unique" UNIQUE NULLS NOT DISTINCT("realm_id","parent_id","name")
);
--> statement-breakpoint
CREATE TABLE "calculation_test_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"is_passed" boolean NOT NULL,
	"actual_value" double precision,
	"actual_gases" jsonb,
	"message" text DEFAULT '' NOT NULL,
	"ran_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calculation_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"calculation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expected_value" double precision,
	"expected_gases" jsonb,
	"tolerance" double precision DEFAULT 0.000001 NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calculation_tests_realm_id_id_unique" UNIQUE("realm_id","id"),
	CONSTRAINT "calculation_tests_expectation_check" CHECK ("calculation_tests"."expected_value" is not null or "calculation_tests"."expected_gases" is not null),
	CONSTRAINT "calculation_tests_tolerance_check" CHECK ("calculation_tests"."tolerance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "calculation_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"calculation_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"formula" text NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"author_id" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"published_on" timestamp with time zone,
	CONSTRAINT "calculation_versions_realm_id_id_unique" UNIQUE("realm_id","id"),
	CONSTRAINT "calculation_versions_state_check" CHECK ("calculation_versions"."state" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "calculations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"folder_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calculations_realm_id_id_unique" UNIQUE("realm_id","id")
);
--> statement-breakpoint
ALTER TABLE "calculation_bindings" ADD CONSTRAINT "calculation_bindings_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_bindings" ADD CONSTRAINT "calculation_bindings_calculation_id_calculations_id_fk" FOREIGN KEY ("calculation_id") REFERENCES "public"."calculations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_dataset_versions" ADD CONSTRAINT "calculation_dataset_versions_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_dataset_versions" ADD CONSTRAINT "calculation_dataset_versions_dataset_fk" FOREIGN KEY ("realm_id","dataset_id") REFERENCES "public"."calculation_datasets"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_datasets" ADD CONSTRAINT "calculation_datasets_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_folders" ADD CONSTRAINT "calculation_folders_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_folders" ADD CONSTRAINT "calculation_folders_parent_fk" FOREIGN KEY ("realm_id","parent_id") REFERENCES "public"."calculation_folders"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_test_runs" ADD CONSTRAINT "calculation_test_runs_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_test_runs" ADD CONSTRAINT "calculation_test_runs_version_fk" FOREIGN KEY ("realm_id","version_id") REFERENCES "public"."calculation_versions"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_test_runs" ADD CONSTRAINT "calculation_test_runs_test_fk" FOREIGN KEY ("realm_id","test_id") REFERENCES "public"."calculation_tests"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_tests" ADD CONSTRAINT "calculation_tests_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_tests" ADD CONSTRAINT "calculation_tests_calculation_fk" FOREIGN KEY ("realm_id","calculation_id") REFERENCES "public"."calculations"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_versions" ADD CONSTRAINT "calculation_versions_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_versions" ADD CONSTRAINT "calculation_versions_calculation_fk" FOREIGN KEY ("realm_id","calculation_id") REFERENCES "public"."calculations"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculations" ADD CONSTRAINT "calculations_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculations" ADD CONSTRAINT "calculations_folder_fk" FOREIGN KEY ("realm_id","folder_id") REFERENCES "public"."calculation_folders"("realm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calculation_bindings_target_unique" ON "calculation_bindings" USING btree ("realm_id","target_kind","target_key");--> statement-breakpoint
CREATE UNIQUE INDEX "calculation_dataset_versions_number_unique" ON "calculation_dataset_versions" USING btree ("realm_id","dataset_id","number");--> statement-breakpoint
CREATE INDEX "calculation_dataset_versions_as_of_index" ON "calculation_dataset_versions" USING btree ("realm_id","dataset_id","as_of");--> statement-breakpoint
CREATE UNIQUE INDEX "calculation_datasets_name_unique" ON "calculation_datasets" USING btree ("realm_id","name");--> statement-breakpoint
CREATE INDEX "calculation_test_runs_version_index" ON "calculation_test_runs" USING btree ("realm_id","version_id","ran_on");--> statement-breakpoint
CREATE UNIQUE INDEX "calculation_tests_name_unique" ON "calculation_tests" USING btree ("realm_id","calculation_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "calculation_versions_number_unique" ON "calculation_versions" USING btree ("realm_id","calculation_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "calculations_realm_name_unique" ON "calculations" USING btree ("realm_id","name");--> statement-breakpoint
-- A published calculation version is what results were calculated with: it never changes (the API also refuses
-- to remove a calculation that has one; a realm's removal takes them with it).
CREATE FUNCTION ecc_calculation_version_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state = 'published' THEN
    RAISE EXCEPTION 'Calculation version % is published and cannot be changed', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER calculation_versions_immutable BEFORE UPDATE ON calculation_versions
  FOR EACH ROW EXECUTE FUNCTION ecc_calculation_version_immutable();
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('calculation_folders'::regclass);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('calculations'::regclass);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('calculation_versions'::regclass);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('calculation_tests'::regclass);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('calculation_test_runs'::regclass);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('calculation_bindings'::regclass);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('calculation_datasets'::regclass);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('calculation_dataset_versions'::regclass);
--> statement-breakpoint
-- The realms above one realm, nearest first. It runs as the owner: the realms above a user's are outside the
-- user's scope by design (decision 018); it answers only ids, which the repositories and the policies below use.
CREATE FUNCTION ecc_realm_ancestor_ids(target uuid) RETURNS uuid[] LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  WITH RECURSIVE ancestors(id, depth) AS (
    SELECT realm.parent_id, 1 FROM realms realm WHERE realm.id = target AND realm.parent_id IS NOT NULL
    UNION ALL
    SELECT realm.parent_id, ancestors.depth + 1 FROM realms realm JOIN ancestors ON realm.id = ancestors.id
      WHERE realm.parent_id IS NOT NULL AND ancestors.depth < 64
  )
  SELECT coalesce(array_agg(id ORDER BY depth), '{}') FROM ancestors
$$;
--> statement-breakpoint
-- The keys of a realm's ancestors, to say where an inherited calculation comes from (the realms' rows themselves
-- are outside a child's scope).
CREATE FUNCTION ecc_realm_ancestor_keys(target uuid) RETURNS TABLE (id uuid, key text) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT realm.id, realm.key FROM realms realm WHERE realm.id = ANY (ecc_realm_ancestor_ids(target))
$$;
--> statement-breakpoint
-- The realms above those of the scope: a child realm reads (never writes) its parents' calculations.
CREATE FUNCTION ecc_ancestor_realm_ids() RETURNS uuid[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT ancestor), '{}')
    FROM unnest(ecc_realm_ids()) AS scoped(id), unnest(ecc_realm_ancestor_ids(scoped.id)) AS ancestor
$$;
--> statement-breakpoint
CREATE POLICY inherited_rows_readable ON calculation_folders FOR SELECT USING (realm_id = ANY ((SELECT ecc_ancestor_realm_ids())::uuid[]));
--> statement-breakpoint
CREATE POLICY inherited_rows_readable ON calculations FOR SELECT USING (realm_id = ANY ((SELECT ecc_ancestor_realm_ids())::uuid[]));
--> statement-breakpoint
CREATE POLICY inherited_rows_readable ON calculation_versions FOR SELECT USING (realm_id = ANY ((SELECT ecc_ancestor_realm_ids())::uuid[]));
--> statement-breakpoint
CREATE POLICY inherited_rows_readable ON calculation_tests FOR SELECT USING (realm_id = ANY ((SELECT ecc_ancestor_realm_ids())::uuid[]));
--> statement-breakpoint
CREATE POLICY inherited_rows_readable ON calculation_test_runs FOR SELECT USING (realm_id = ANY ((SELECT ecc_ancestor_realm_ids())::uuid[]));
--> statement-breakpoint
CREATE POLICY inherited_rows_readable ON calculation_bindings FOR SELECT USING (realm_id = ANY ((SELECT ecc_ancestor_realm_ids())::uuid[]));
--> statement-breakpoint
CREATE POLICY inherited_rows_readable ON calculation_datasets FOR SELECT USING (realm_id = ANY ((SELECT ecc_ancestor_realm_ids())::uuid[]));
--> statement-breakpoint
CREATE POLICY inherited_rows_readable ON calculation_dataset_versions FOR SELECT USING (realm_id = ANY ((SELECT ecc_ancestor_realm_ids())::uuid[]));
