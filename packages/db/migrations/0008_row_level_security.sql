-- Row-level security, the second wall behind the application's own realm checks (issue 3, item 3; decision 018).
-- API handlers run in transactions switched to the role ecc_app with the realms they may touch set in
-- `ecc.realm_ids` (a comma-separated uuid list) or `ecc.all_realms` ('on' for the platform operator). The
-- connecting role owns the tables and is not bound by these policies: migrations, start-up, seeds and the
-- operator command line run as it.
DO $$
BEGIN
  CREATE ROLE ecc_app NOLOGIN;
EXCEPTION
  -- Roles belong to the whole cluster: another database of it (or a concurrent migration) may have made it.
  WHEN duplicate_object OR unique_violation THEN NULL;
END;
$$;
--> statement-breakpoint
DO $$
BEGIN
  -- The connecting role switches to ecc_app with `set_config('role', …)`, which needs membership.
  EXECUTE format('GRANT ecc_app TO %I', current_user);
END;
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO ecc_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ecc_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ecc_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ecc_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ecc_app;
--> statement-breakpoint
-- Shared reference data is written at start-up by the owner; requests only read it.
REVOKE INSERT, UPDATE, DELETE ON rights, gwp_sets, calculation_methods FROM ecc_app;
--> statement-breakpoint
-- Append-only (the trigger of 0002 refuses changes too): requests may only add entries.
REVOKE UPDATE, DELETE ON audit_log FROM ecc_app;
--> statement-breakpoint
CREATE FUNCTION ecc_realm_ids() RETURNS uuid[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_to_array(nullif(current_setting('ecc.realm_ids', true), ''), ',')::uuid[], '{}')
$$;
--> statement-breakpoint
CREATE FUNCTION ecc_all_realms() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('ecc.all_realms', true), '') = 'on'
$$;
--> statement-breakpoint
-- The one way to put a realm-scoped table behind the wall; later migrations call it for their new tables.
-- The functions sit in scalar subqueries so that each statement evaluates them once, not once per row.
-- A table whose realm_id may be null holds shared rows besides realms' own: every realm reads those, none
-- writes them.
CREATE FUNCTION ecc_enable_realm_isolation(target regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  is_shared_allowed boolean;
BEGIN
  SELECT NOT attnotnull INTO STRICT is_shared_allowed
    FROM pg_attribute WHERE attrelid = target AND attname = 'realm_id' AND NOT attisdropped;
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format(
    'CREATE POLICY realm_isolation ON %s USING (%s) WITH CHECK (%s)',
    target,
    'realm_id = ANY ((SELECT ecc_realm_ids())::uuid[]) OR (SELECT ecc_all_realms())',
    'realm_id = ANY ((SELECT ecc_realm_ids())::uuid[]) OR (SELECT ecc_all_realms())'
  );
  IF is_shared_allowed THEN
    EXECUTE format('CREATE POLICY shared_rows_readable ON %s FOR SELECT USING (realm_id IS NULL)', target);
  END IF;
END;
$$;
--> statement-breakpoint
SELECT ecc_enable_realm_isolation(c.oid)
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'realm_id' AND NOT a.attisdropped
  WHERE n.nspname = 'public' AND c.relkind = 'r';
--> statement-breakpoint
-- A realm row is visible and changeable inside its own scope; creating or removing realms is the operator's.
ALTER TABLE realms ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY realm_isolation ON realms FOR SELECT USING (id = ANY ((SELECT ecc_realm_ids())::uuid[]) OR (SELECT ecc_all_realms()));
--> statement-breakpoint
CREATE POLICY realm_update ON realms FOR UPDATE
  USING (id = ANY ((SELECT ecc_realm_ids())::uuid[]) OR (SELECT ecc_all_realms()))
  WITH CHECK (id = ANY ((SELECT ecc_realm_ids())::uuid[]) OR (SELECT ecc_all_realms()));
--> statement-breakpoint
CREATE POLICY realm_insert ON realms FOR INSERT WITH CHECK ((SELECT ecc_all_realms()));
--> statement-breakpoint
CREATE POLICY realm_delete ON realms FOR DELETE USING ((SELECT ecc_all_realms()));
--> statement-breakpoint
-- Factor editions carry no realm of their own: they follow their source.
ALTER TABLE emission_factor_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY realm_isolation ON emission_factor_versions
  USING (source_id IN (SELECT id FROM emission_factor_sources WHERE realm_id IS NOT NULL))
  WITH CHECK (source_id IN (SELECT id FROM emission_factor_sources WHERE realm_id IS NOT NULL));
--> statement-breakpoint
CREATE POLICY shared_rows_readable ON emission_factor_versions FOR SELECT
  USING (source_id IN (SELECT id FROM emission_factor_sources WHERE realm_id IS NULL));
