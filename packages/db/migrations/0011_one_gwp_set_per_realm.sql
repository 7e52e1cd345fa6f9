-- One GWP set at a time (issue 10, item 3; decision 020). A realm reports on one GWP set: `properties.gwpSetId`,
-- AR5 (REPORTING_GWP_SET_ID of @ecc/domain) when absent. Its results live in `emission_results_all_sets` on that
-- set and, while a recalculation moves the realm to another set, on that run's set too; the run's last step
-- switches the realm's set and drops the old set's results in one transaction. Readers use the view
-- `emission_results`, which shows a realm's results on its own set only, so no sum can take in two sets.
CREATE FUNCTION ecc_realm_gwp_set_id(properties jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(properties->>'gwpSetId', 'AR5')
$$;
--> statement-breakpoint
-- security_invoker: the reader's row-level security applies to both tables, as if it read them itself.
CREATE VIEW emission_results WITH (security_invoker = true) AS
  SELECT result.realm_id, result.activity_record_id, result.facility_id, result.period_start, result.scope,
         result.scope3_category, result.scope2_method, result.gases, result.co2e_kg, result.gwp_set_id,
         result.factor_key, result.factor_version, result.calculation_method_id, result.is_fallback,
         result.calculated_on
  FROM emission_results_all_sets result
  JOIN realms realm ON realm.id = result.realm_id
  WHERE result.gwp_set_id = ecc_realm_gwp_set_id(realm.properties);
--> statement-breakpoint
REVOKE ALL ON emission_results FROM ecc_app;
--> statement-breakpoint
GRANT SELECT ON emission_results TO ecc_app;
--> statement-breakpoint
-- The sets a realm's results are on, each found with one probe of the (realm_id, gwp_set_id, …) index (a loose
-- index scan), so the answer costs a few index lookups however many results the realm has.
CREATE FUNCTION ecc_realm_result_gwp_set_ids(target_realm_id uuid) RETURNS SETOF text LANGUAGE sql STABLE AS $$
  WITH RECURSIVE present(gwp_set_id) AS (
    (SELECT gwp_set_id FROM emission_results_all_sets
      WHERE realm_id = target_realm_id ORDER BY gwp_set_id LIMIT 1)
    UNION ALL
    SELECT (SELECT next.gwp_set_id FROM emission_results_all_sets next
             WHERE next.realm_id = target_realm_id AND next.gwp_set_id > present.gwp_set_id
             ORDER BY next.gwp_set_id LIMIT 1)
    FROM present WHERE present.gwp_set_id IS NOT NULL
  )
  SELECT gwp_set_id FROM present WHERE gwp_set_id IS NOT NULL
$$;
--> statement-breakpoint
-- A set a realm's results may be on: its own, or the set of its unfinished recalculation.
CREATE FUNCTION ecc_is_result_gwp_set_allowed(target_realm_id uuid, target_gwp_set_id text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
      SELECT 1 FROM realms
      WHERE id = target_realm_id AND ecc_realm_gwp_set_id(properties) = target_gwp_set_id
    ) OR EXISTS (
      SELECT 1 FROM recalculation_runs
      WHERE realm_id = target_realm_id AND status IN ('queued', 'running') AND gwp_set_id = target_gwp_set_id
    )
$$;
--> statement-breakpoint
-- Written results (rows of one statement, a COPY included) must be on an allowed set: checked once per statement.
CREATE FUNCTION emission_results_refuse_other_gwp_sets() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  offending record;
BEGIN
  SELECT written_set.realm_id, written_set.gwp_set_id INTO offending
    FROM (SELECT DISTINCT realm_id, gwp_set_id FROM written) written_set
    WHERE NOT ecc_is_result_gwp_set_allowed(written_set.realm_id, written_set.gwp_set_id)
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'emission results on GWP set % refused: realm % reports on another set and no recalculation moves it to this one',
      offending.gwp_set_id, offending.realm_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER emission_results_inserted_on_allowed_gwp_set AFTER INSERT ON emission_results_all_sets
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION emission_results_refuse_other_gwp_sets();
--> statement-breakpoint
CREATE TRIGGER emission_results_updated_on_allowed_gwp_set AFTER UPDATE ON emission_results_all_sets
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION emission_results_refuse_other_gwp_sets();
--> statement-breakpoint
-- When a realm's set changes or its recalculation ends, the transaction may commit only once the realm's results
-- are all on an allowed set again: a switch that leaves the old set's results behind is refused.
CREATE FUNCTION realm_results_refuse_left_over_gwp_sets() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target_realm_id uuid;
  left_over text;
BEGIN
  IF TG_TABLE_NAME = 'realms' THEN
    target_realm_id := NEW.id;
  ELSE
    target_realm_id := OLD.realm_id;
  END IF;
  SELECT gwp_set_id INTO left_over
    FROM ecc_realm_result_gwp_set_ids(target_realm_id) AS present(gwp_set_id)
    WHERE NOT ecc_is_result_gwp_set_allowed(target_realm_id, gwp_set_id)
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'realm % still has emission results on GWP set %, which it no longer reports on',
      target_realm_id, left_over USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER realm_gwp_set_changed_without_left_over_results AFTER UPDATE ON realms
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (ecc_realm_gwp_set_id(OLD.properties) IS DISTINCT FROM ecc_realm_gwp_set_id(NEW.properties))
  EXECUTE FUNCTION realm_results_refuse_left_over_gwp_sets();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER recalculation_ended_without_left_over_results AFTER UPDATE OR DELETE ON recalculation_runs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION realm_results_refuse_left_over_gwp_sets();
