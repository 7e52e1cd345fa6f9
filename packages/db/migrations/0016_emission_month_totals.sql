CREATE TABLE "emission_month_totals" (
	"realm_id" uuid NOT NULL,
	"gwp_set_id" text NOT NULL,
	"gas" text NOT NULL,
	"facility_id" uuid NOT NULL,
	"month" date NOT NULL,
	"scope" smallint NOT NULL,
	"scope2_method" text NOT NULL,
	"gas_kg" numeric NOT NULL,
	"co2e_kg" numeric NOT NULL,
	"result_count" integer NOT NULL,
	CONSTRAINT "emission_month_totals_pk" PRIMARY KEY("realm_id","gwp_set_id","gas","facility_id","month","scope","scope2_method")
);
--> statement-breakpoint
ALTER TABLE "emission_month_totals" ADD CONSTRAINT "emission_month_totals_facility_fk" FOREIGN KEY ("realm_id","facility_id") REFERENCES "public"."facilities"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What one result adds to the monthly totals (decision 022): a row for each gas it carries, with the gas's mass,
-- and a row for gas '' (the result as a whole) with its CO2e, and as mass its CO2e when it carries no gas masses
-- (a factor published as CO2e only). CO2e is not split by gas here: that would be GWP arithmetic, which is the
-- domain's. The triggers, `summaries rebuild` and `summaries check` all expand results through this one function,
-- so their numeric conversions agree to the last digit.
CREATE FUNCTION ecc_result_amounts(result_gases jsonb, result_co2e_kg double precision)
  RETURNS TABLE (gas text, gas_kg numeric, co2e_kg numeric) LANGUAGE sql IMMUTABLE AS $$
  SELECT '', CASE WHEN result_gases = '{}'::jsonb THEN result_co2e_kg::numeric ELSE 0 END, result_co2e_kg::numeric
  UNION ALL
  SELECT gases.key, gases.value::numeric, 0
    FROM jsonb_each(result_gases) AS gases
    WHERE jsonb_typeof(gases.value) = 'number'
$$;
--> statement-breakpoint
-- The totals of a realm's results (every realm's when the realm is null), from the results themselves: what the
-- triggers keep, for `summaries rebuild` and `summaries check`.
CREATE FUNCTION ecc_emission_month_totals_from_results(target_realm_id uuid)
  RETURNS TABLE (realm_id uuid, gwp_set_id text, gas text, facility_id uuid, month date, scope smallint,
    scope2_method text, gas_kg numeric, co2e_kg numeric, result_count integer)
  LANGUAGE sql STABLE AS $$
  SELECT results.realm_id, results.gwp_set_id, amounts.gas, results.facility_id,
      date_trunc('month', results.period_start)::date, results.scope, results.scope2_method,
      sum(amounts.gas_kg), sum(amounts.co2e_kg), count(*)::integer
    FROM emission_results_all_sets AS results
    CROSS JOIN LATERAL ecc_result_amounts(results.gases, results.co2e_kg) AS amounts
    WHERE target_realm_id IS NULL OR results.realm_id = target_realm_id
    GROUP BY 1, 2, 3, 4, 5, 6, 7
$$;
--> statement-breakpoint
-- Kept in the transaction of every write of results, whoever writes them (a record saved, an import, a bulk
-- recalculation's COPY, a GWP set switch deleting the old set): statement triggers fold the statement's rows in,
-- adding what was inserted and taking away what was deleted, in exact numeric arithmetic. A row whose results are
-- all gone is removed. Every key column is compared, so each statement touches only its own rows by primary key.
CREATE FUNCTION ecc_emission_month_totals_of_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update counts as the old rows removed and the new ones added (results are replaced, not edited).
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- Rows left with no result go; the others lose what was removed. The two touch different rows (a row's count
    -- is either at most or more than what was removed), so one statement does both over one aggregation. Rows
    -- that do not exist (their facility was deleted in the same statement) are left alone.
    WITH removed AS (
      SELECT removed.realm_id, removed.gwp_set_id, amounts.gas, removed.facility_id,
          date_trunc('month', removed.period_start)::date AS month, removed.scope, removed.scope2_method,
          sum(amounts.gas_kg) AS gas_kg, sum(amounts.co2e_kg) AS co2e_kg, count(*) AS result_count
        FROM removed_results AS removed
        CROSS JOIN LATERAL ecc_result_amounts(removed.gases, removed.co2e_kg) AS amounts
        GROUP BY 1, 2, 3, 4, 5, 6, 7
    ), emptied AS (
      DELETE FROM emission_month_totals AS totals
        USING removed
        WHERE totals.realm_id = removed.realm_id AND totals.gwp_set_id = removed.gwp_set_id
          AND totals.gas = removed.gas AND totals.facility_id = removed.facility_id
          AND totals.month = removed.month AND totals.scope = removed.scope
          AND totals.scope2_method = removed.scope2_method AND totals.result_count <= removed.result_count
    )
    UPDATE emission_month_totals AS totals
      SET gas_kg = totals.gas_kg - removed.gas_kg, co2e_kg = totals.co2e_kg - removed.co2e_kg,
        result_count = totals.result_count - removed.result_count
      FROM removed
      WHERE totals.realm_id = removed.realm_id AND totals.gwp_set_id = removed.gwp_set_id
        AND totals.gas = removed.gas AND totals.facility_id = removed.facility_id AND totals.month = removed.month
        AND totals.scope = removed.scope AND totals.scope2_method = removed.scope2_method
        AND totals.result_count > removed.result_count;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO emission_month_totals AS totals
        (realm_id, gwp_set_id, gas, facility_id, month, scope, scope2_method, gas_kg, co2e_kg, result_count)
      SELECT inserted.realm_id, inserted.gwp_set_id, amounts.gas, inserted.facility_id,
          date_trunc('month', inserted.period_start)::date, inserted.scope, inserted.scope2_method,
          sum(amounts.gas_kg), sum(amounts.co2e_kg), count(*)
        FROM inserted_results AS inserted
        CROSS JOIN LATERAL ecc_result_amounts(inserted.gases, inserted.co2e_kg) AS amounts
        GROUP BY 1, 2, 3, 4, 5, 6, 7
        -- One order for every writer, so that two transactions lock the same totals in the same order.
        ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT ON CONSTRAINT emission_month_totals_pk DO UPDATE
        SET gas_kg = totals.gas_kg + excluded.gas_kg, co2e_kg = totals.co2e_kg + excluded.co2e_kg,
          result_count = totals.result_count + excluded.result_count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER emission_results_add_to_month_totals AFTER INSERT ON emission_results_all_sets
  REFERENCING NEW TABLE AS inserted_results FOR EACH STATEMENT EXECUTE FUNCTION ecc_emission_month_totals_of_results();
--> statement-breakpoint
CREATE TRIGGER emission_results_remove_from_month_totals AFTER DELETE ON emission_results_all_sets
  REFERENCING OLD TABLE AS removed_results FOR EACH STATEMENT EXECUTE FUNCTION ecc_emission_month_totals_of_results();
--> statement-breakpoint
CREATE TRIGGER emission_results_replace_in_month_totals AFTER UPDATE ON emission_results_all_sets
  REFERENCING OLD TABLE AS removed_results NEW TABLE AS inserted_results
  FOR EACH STATEMENT EXECUTE FUNCTION ecc_emission_month_totals_of_results();
--> statement-breakpoint
INSERT INTO emission_month_totals
    (realm_id, gwp_set_id, gas, facility_id, month, scope, scope2_method, gas_kg, co2e_kg, result_count)
  SELECT * FROM ecc_emission_month_totals_from_results(NULL);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('emission_month_totals'::regclass);
