CREATE TABLE "facility_emission_years" (
	"realm_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"gwp_set_id" text NOT NULL,
	"source" text NOT NULL,
	"year" integer NOT NULL,
	"co2e_kg" numeric NOT NULL,
	"result_count" integer NOT NULL,
	CONSTRAINT "facility_emission_years_realm_id_facility_id_gwp_set_id_source_year_pk" PRIMARY KEY("realm_id","facility_id","gwp_set_id","source","year"),
	CONSTRAINT "facility_emission_years_source_check" CHECK ("facility_emission_years"."source" in ('calculated', 'reported'))
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "archived_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "facility_emission_years" ADD CONSTRAINT "facility_emission_years_realm_id_facility_id_facilities_realm_id_id_fk" FOREIGN KEY ("realm_id","facility_id") REFERENCES "public"."facilities"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The facility list sorts every facility by its latest year's CO2e, so the yearly totals are kept in the same
-- transaction as each write of results (emission_results_all_sets, every GWP set a realm's results are on),
-- whoever writes them (a record saved, an import, a bulk recalculation's
-- COPY): statement triggers fold the statement's rows in, adding what was inserted and taking away what was
-- deleted, in exact numeric arithmetic. Market-based Scope 2 rows are left out, as in every total, so that
-- electricity is not counted twice. A row whose results are all gone is removed.
CREATE FUNCTION ecc_facility_years_of_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update counts as the old rows removed and the new ones added (results are replaced, not edited).
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- Only rows that exist are changed: a facility deleted in the same statement took its totals with it.
    UPDATE facility_emission_years AS totals
      SET co2e_kg = totals.co2e_kg - removed.co2e_kg, result_count = totals.result_count - removed.result_count
      FROM (
        SELECT realm_id, facility_id, gwp_set_id, extract(year FROM period_start)::integer AS year,
            sum(co2e_kg::numeric) AS co2e_kg, count(*) AS result_count
          FROM removed_results
          WHERE scope2_method <> 'market'
          GROUP BY realm_id, facility_id, gwp_set_id, extract(year FROM period_start)
      ) removed
      WHERE totals.realm_id = removed.realm_id AND totals.facility_id = removed.facility_id
        AND totals.gwp_set_id = removed.gwp_set_id AND totals.source = 'calculated' AND totals.year = removed.year;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO facility_emission_years AS totals
        (realm_id, facility_id, gwp_set_id, source, year, co2e_kg, result_count)
      SELECT realm_id, facility_id, gwp_set_id, 'calculated', extract(year FROM period_start)::integer,
          sum(co2e_kg::numeric), count(*)
        FROM inserted_results
        WHERE scope2_method <> 'market'
        GROUP BY realm_id, facility_id, gwp_set_id, extract(year FROM period_start)
        -- One order for every writer, so that two transactions lock the same totals in the same order.
        ORDER BY realm_id, facility_id, gwp_set_id, 5
      ON CONFLICT (realm_id, facility_id, gwp_set_id, source, year) DO UPDATE
        SET co2e_kg = totals.co2e_kg + excluded.co2e_kg, result_count = totals.result_count + excluded.result_count;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM facility_emission_years AS totals
      USING (SELECT DISTINCT realm_id, facility_id FROM removed_results) removed
      WHERE totals.realm_id = removed.realm_id AND totals.facility_id = removed.facility_id
        AND totals.source = 'calculated' AND totals.result_count <= 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER emission_results_add_to_facility_years AFTER INSERT ON emission_results_all_sets
  REFERENCING NEW TABLE AS inserted_results FOR EACH STATEMENT EXECUTE FUNCTION ecc_facility_years_of_results();
--> statement-breakpoint
CREATE TRIGGER emission_results_remove_from_facility_years AFTER DELETE ON emission_results_all_sets
  REFERENCING OLD TABLE AS removed_results FOR EACH STATEMENT EXECUTE FUNCTION ecc_facility_years_of_results();
--> statement-breakpoint
CREATE TRIGGER emission_results_replace_in_facility_years AFTER UPDATE ON emission_results_all_sets
  REFERENCING OLD TABLE AS removed_results NEW TABLE AS inserted_results
  FOR EACH STATEMENT EXECUTE FUNCTION ecc_facility_years_of_results();
--> statement-breakpoint
-- The reported years follow `facilities.reported` ({"2020": {"co2eTByGwpSet": {"AR4": …, "AR5": …, "AR6": …},
-- …}, …}): whatever writes it (the GHGRP import), the facility's reported rows are rebuilt from it, one per year
-- and GWP set, so the list finds them on whichever set the realm reports with now. co2eTByGwpSet is in metric
-- tons; the totals are kg like the calculated ones. Years stored before co2eTByGwpSet existed get it at start-up
-- (completeReportedGwpSets), which rewrites `reported` and so fills their rows through the update trigger.
CREATE FUNCTION ecc_reported_years(reported jsonb)
  RETURNS TABLE (gwp_set_id text, year integer, co2e_kg numeric) LANGUAGE sql IMMUTABLE AS $$
  SELECT sets.key, years.key::integer, (sets.value #>> '{}')::numeric * 1000
    FROM jsonb_each(reported) AS years
    CROSS JOIN LATERAL jsonb_each(
      CASE WHEN jsonb_typeof(years.value -> 'co2eTByGwpSet') = 'object' THEN years.value -> 'co2eTByGwpSet'
      ELSE '{}'::jsonb END) AS sets
    WHERE years.key ~ '^[0-9]{4}$' AND jsonb_typeof(sets.value) = 'number'
$$;
--> statement-breakpoint
CREATE FUNCTION ecc_facility_years_insert_reported() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO facility_emission_years (realm_id, facility_id, gwp_set_id, source, year, co2e_kg, result_count)
    SELECT f.realm_id, f.id, years.gwp_set_id, 'reported', years.year, years.co2e_kg, 1
      FROM inserted_facilities f CROSS JOIN LATERAL ecc_reported_years(f.reported) AS years
      WHERE f.reported <> '{}'::jsonb
      ORDER BY 1, 2, 3, 5;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ecc_facility_years_update_reported() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM facility_emission_years totals
    USING (
      SELECT after.realm_id, after.id
        FROM updated_facilities after JOIN previous_facilities before ON before.id = after.id
        WHERE after.reported IS DISTINCT FROM before.reported
    ) changed
    WHERE totals.realm_id = changed.realm_id AND totals.facility_id = changed.id AND totals.source = 'reported';
  INSERT INTO facility_emission_years (realm_id, facility_id, gwp_set_id, source, year, co2e_kg, result_count)
    SELECT after.realm_id, after.id, years.gwp_set_id, 'reported', years.year, years.co2e_kg, 1
      FROM updated_facilities after
      JOIN previous_facilities before ON before.id = after.id
      CROSS JOIN LATERAL ecc_reported_years(after.reported) AS years
      WHERE after.reported IS DISTINCT FROM before.reported
      ORDER BY 1, 2, 3, 5;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER facilities_reported_to_facility_years_on_insert AFTER INSERT ON facilities
  REFERENCING NEW TABLE AS inserted_facilities FOR EACH STATEMENT EXECUTE FUNCTION ecc_facility_years_insert_reported();
--> statement-breakpoint
CREATE TRIGGER facilities_reported_to_facility_years_on_update AFTER UPDATE ON facilities
  REFERENCING OLD TABLE AS previous_facilities NEW TABLE AS updated_facilities
  FOR EACH STATEMENT EXECUTE FUNCTION ecc_facility_years_update_reported();
--> statement-breakpoint
INSERT INTO facility_emission_years (realm_id, facility_id, gwp_set_id, source, year, co2e_kg, result_count)
  SELECT realm_id, facility_id, gwp_set_id, 'calculated', extract(year FROM period_start)::integer,
      sum(co2e_kg::numeric), count(*)
    FROM emission_results_all_sets
    WHERE scope2_method <> 'market'
    GROUP BY realm_id, facility_id, gwp_set_id, extract(year FROM period_start);
--> statement-breakpoint
INSERT INTO facility_emission_years (realm_id, facility_id, gwp_set_id, source, year, co2e_kg, result_count)
  SELECT f.realm_id, f.id, years.gwp_set_id, 'reported', years.year, years.co2e_kg, 1
    FROM facilities f CROSS JOIN LATERAL ecc_reported_years(f.reported) AS years;
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('facility_emission_years'::regclass);
