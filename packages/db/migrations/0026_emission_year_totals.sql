CREATE TABLE "emission_year_totals" (
	"realm_id" uuid NOT NULL,
	"gwp_set_id" text NOT NULL,
	"year" integer NOT NULL,
	"gas" text NOT NULL,
	"facility_id" uuid NOT NULL,
	"scope" smallint NOT NULL,
	"scope2_method" text NOT NULL,
	"scope3_category" smallint NOT NULL,
	"factor_key" text NOT NULL,
	"factor_version" text NOT NULL,
	"calculation_method_id" text NOT NULL,
	"is_fallback" boolean NOT NULL,
	"gas_kg" numeric NOT NULL,
	"co2e_kg" numeric NOT NULL,
	"result_count" integer NOT NULL,
	CONSTRAINT "emission_year_totals_pk" PRIMARY KEY("realm_id","gwp_set_id","year","gas","facility_id","scope","scope2_method","scope3_category","factor_key","factor_version","calculation_method_id","is_fallback")
);
--> statement-breakpoint
ALTER TABLE "emission_year_totals" ADD CONSTRAINT "emission_year_totals_facility_fk" FOREIGN KEY ("realm_id","facility_id") REFERENCES "public"."facilities"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The reporting year a result's period start falls in, for years starting in month `start_month` (1: calendar
-- years), named by the calendar year it ends in: `reportingYearOf` in packages/domain says the same.
CREATE FUNCTION ecc_reporting_year(period_start date, start_month integer) RETURNS integer
  LANGUAGE sql IMMUTABLE AS $$
  SELECT extract(year FROM period_start)::integer
    + CASE WHEN start_month > 1 AND extract(month FROM period_start) >= start_month THEN 1 ELSE 0 END
$$;
--> statement-breakpoint
-- Which factor a yearly total row names: the CO2e rows (gas '') the result's factor key and version, calculation
-- method and fallback flag (the inventory lists them); the rows of each gas's mass none, so that a facility's fuels
-- share one row per gas instead of one per fuel. The triggers, `summaries rebuild` and `check` all use it.
CREATE FUNCTION ecc_year_total_source(result_gas text, result_factor_key text, result_factor_version text,
    result_calculation_method_id text, result_is_fallback boolean)
  RETURNS TABLE (factor_key text, factor_version text, calculation_method_id text, is_fallback boolean)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN result_gas = '' THEN result_factor_key ELSE '' END,
    CASE WHEN result_gas = '' THEN result_factor_version ELSE '' END,
    CASE WHEN result_gas = '' THEN result_calculation_method_id ELSE '' END,
    result_gas = '' AND result_is_fallback
$$;
--> statement-breakpoint
-- The yearly totals of a realm's results (every realm's when the realm is null), from the results themselves:
-- what the triggers keep, for `summaries rebuild` and `summaries check`. A result adds what
-- `ecc_result_amounts` says (decision 022), so these sums agree with the monthly totals' to the digit.
CREATE FUNCTION ecc_emission_year_totals_from_results(target_realm_id uuid)
  RETURNS TABLE (realm_id uuid, gwp_set_id text, year integer, gas text, facility_id uuid, scope smallint,
    scope2_method text, scope3_category smallint, factor_key text, factor_version text,
    calculation_method_id text, is_fallback boolean, gas_kg numeric, co2e_kg numeric, result_count integer)
  LANGUAGE sql STABLE AS $$
  SELECT results.realm_id, results.gwp_set_id,
      ecc_reporting_year(results.period_start, coalesce(boundaries.reporting_year_start_month, 1)),
      amounts.gas, results.facility_id, results.scope, results.scope2_method,
      coalesce(results.scope3_category, 0)::smallint, source.factor_key, source.factor_version,
      source.calculation_method_id, source.is_fallback,
      sum(amounts.gas_kg), sum(amounts.co2e_kg), count(*)::integer
    FROM emission_results_all_sets AS results
    LEFT JOIN realm_boundaries AS boundaries ON boundaries.realm_id = results.realm_id
    CROSS JOIN LATERAL ecc_result_amounts(results.gases, results.co2e_kg) AS amounts
    CROSS JOIN LATERAL ecc_year_total_source(amounts.gas, results.factor_key, results.factor_version,
      results.calculation_method_id, results.is_fallback) AS source
    WHERE target_realm_id IS NULL OR results.realm_id = target_realm_id
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
$$;
--> statement-breakpoint
-- Kept in the transaction of every write of results, as the monthly totals are (migration 0016): statement
-- triggers fold the statement's rows in, in exact numeric arithmetic, adding what was inserted and taking away
-- what was deleted; a row whose results are all gone is removed. The year is the realm's reporting year, read
-- from its boundary in the same statement.
CREATE FUNCTION ecc_emission_year_totals_of_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update counts as the old rows removed and the new ones added (results are replaced, not edited).
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- Rows left with no result go; the others lose what was removed (the two touch different rows). Rows that do
    -- not exist (their facility was deleted in the same statement) are left alone.
    WITH removed AS (
      SELECT removed.realm_id, removed.gwp_set_id,
          ecc_reporting_year(removed.period_start, coalesce(boundaries.reporting_year_start_month, 1)) AS year,
          amounts.gas, removed.facility_id, removed.scope, removed.scope2_method,
          coalesce(removed.scope3_category, 0)::smallint AS scope3_category, source.factor_key,
          source.factor_version, source.calculation_method_id, source.is_fallback,
          sum(amounts.gas_kg) AS gas_kg, sum(amounts.co2e_kg) AS co2e_kg, count(*) AS result_count
        FROM removed_results AS removed
        LEFT JOIN realm_boundaries AS boundaries ON boundaries.realm_id = removed.realm_id
        CROSS JOIN LATERAL ecc_result_amounts(removed.gases, removed.co2e_kg) AS amounts
        CROSS JOIN LATERAL ecc_year_total_source(amounts.gas, removed.factor_key, removed.factor_version,
          removed.calculation_method_id, removed.is_fallback) AS source
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
    ), emptied AS (
      DELETE FROM emission_year_totals AS totals
        USING removed
        WHERE totals.realm_id = removed.realm_id AND totals.gwp_set_id = removed.gwp_set_id
          AND totals.year = removed.year AND totals.gas = removed.gas AND totals.facility_id = removed.facility_id
          AND totals.scope = removed.scope AND totals.scope2_method = removed.scope2_method
          AND totals.scope3_category = removed.scope3_category AND totals.factor_key = removed.factor_key
          AND totals.factor_version = removed.factor_version
          AND totals.calculation_method_id = removed.calculation_method_id
          AND totals.is_fallback = removed.is_fallback AND totals.result_count <= removed.result_count
    )
    UPDATE emission_year_totals AS totals
      SET gas_kg = totals.gas_kg - removed.gas_kg, co2e_kg = totals.co2e_kg - removed.co2e_kg,
        result_count = totals.result_count - removed.result_count
      FROM removed
      WHERE totals.realm_id = removed.realm_id AND totals.gwp_set_id = removed.gwp_set_id
        AND totals.year = removed.year AND totals.gas = removed.gas AND totals.facility_id = removed.facility_id
        AND totals.scope = removed.scope AND totals.scope2_method = removed.scope2_method
        AND totals.scope3_category = removed.scope3_category AND totals.factor_key = removed.factor_key
        AND totals.factor_version = removed.factor_version
        AND totals.calculation_method_id = removed.calculation_method_id
        AND totals.is_fallback = removed.is_fallback AND totals.result_count > removed.result_count;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO emission_year_totals AS totals
        (realm_id, gwp_set_id, year, gas, facility_id, scope, scope2_method, scope3_category, factor_key,
          factor_version, calculation_method_id, is_fallback, gas_kg, co2e_kg, result_count)
      SELECT inserted.realm_id, inserted.gwp_set_id,
          ecc_reporting_year(inserted.period_start, coalesce(boundaries.reporting_year_start_month, 1)),
          amounts.gas, inserted.facility_id, inserted.scope, inserted.scope2_method,
          coalesce(inserted.scope3_category, 0)::smallint, source.factor_key, source.factor_version,
          source.calculation_method_id, source.is_fallback,
          sum(amounts.gas_kg), sum(amounts.co2e_kg), count(*)
        FROM inserted_results AS inserted
        LEFT JOIN realm_boundaries AS boundaries ON boundaries.realm_id = inserted.realm_id
        CROSS JOIN LATERAL ecc_result_amounts(inserted.gases, inserted.co2e_kg) AS amounts
        CROSS JOIN LATERAL ecc_year_total_source(amounts.gas, inserted.factor_key, inserted.factor_version,
          inserted.calculation_method_id, inserted.is_fallback) AS source
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
        -- One order for every writer, so that two transactions lock the same totals in the same order.
        ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
      ON CONFLICT ON CONSTRAINT emission_year_totals_pk DO UPDATE
        SET gas_kg = totals.gas_kg + excluded.gas_kg, co2e_kg = totals.co2e_kg + excluded.co2e_kg,
          result_count = totals.result_count + excluded.result_count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER emission_results_add_to_year_totals AFTER INSERT ON emission_results_all_sets
  REFERENCING NEW TABLE AS inserted_results FOR EACH STATEMENT EXECUTE FUNCTION ecc_emission_year_totals_of_results();
--> statement-breakpoint
CREATE TRIGGER emission_results_remove_from_year_totals AFTER DELETE ON emission_results_all_sets
  REFERENCING OLD TABLE AS removed_results FOR EACH STATEMENT EXECUTE FUNCTION ecc_emission_year_totals_of_results();
--> statement-breakpoint
CREATE TRIGGER emission_results_replace_in_year_totals AFTER UPDATE ON emission_results_all_sets
  REFERENCING OLD TABLE AS removed_results NEW TABLE AS inserted_results
  FOR EACH STATEMENT EXECUTE FUNCTION ecc_emission_year_totals_of_results();
--> statement-breakpoint
-- A realm whose reporting year starts in another month regroups its results into the new years, in the
-- transaction that changes the month (a rare administrator's act, paid once with one pass over its results).
-- A boundary removed with its realm leaves nothing to regroup.
CREATE FUNCTION ecc_emission_year_totals_of_boundary() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_start_month integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE OLD.reporting_year_start_month END;
  new_start_month integer := CASE WHEN TG_OP = 'DELETE' THEN 1 ELSE NEW.reporting_year_start_month END;
  target_realm_id uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.realm_id ELSE NEW.realm_id END;
BEGIN
  IF old_start_month = new_start_month OR NOT EXISTS (SELECT 1 FROM realms WHERE id = target_realm_id) THEN
    RETURN NULL;
  END IF;
  -- Writers of results wait, and those under way finish first: each statement below then reads every committed
  -- result, and a writer after this one reads the new month (as `summaries rebuild` locks).
  LOCK TABLE emission_results_all_sets IN SHARE MODE;
  DELETE FROM emission_year_totals WHERE realm_id = target_realm_id;
  INSERT INTO emission_year_totals
      (realm_id, gwp_set_id, year, gas, facility_id, scope, scope2_method, scope3_category, factor_key,
        factor_version, calculation_method_id, is_fallback, gas_kg, co2e_kg, result_count)
    SELECT * FROM ecc_emission_year_totals_from_results(target_realm_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER realm_boundaries_regroup_year_totals AFTER INSERT OR UPDATE OF reporting_year_start_month OR DELETE
  ON realm_boundaries FOR EACH ROW EXECUTE FUNCTION ecc_emission_year_totals_of_boundary();
--> statement-breakpoint
INSERT INTO emission_year_totals
    (realm_id, gwp_set_id, year, gas, facility_id, scope, scope2_method, scope3_category, factor_key,
      factor_version, calculation_method_id, is_fallback, gas_kg, co2e_kg, result_count)
  SELECT * FROM ecc_emission_year_totals_from_results(NULL);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('emission_year_totals'::regclass);
