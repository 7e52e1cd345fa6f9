-- Servers keep the facility list's and facility view's serialised answers in memory (decision 046); any change to
-- a table those answers read tells every server on this database which realms' answers to drop. Statement-level,
-- delivered at commit; the payload is the changed rows' realm ids joined by commas, read from the statement's
-- transition tables, or empty (every realm) when they are too many to name within NOTIFY's 8,000 bytes or the
-- table was truncated.
CREATE FUNCTION "ecc_notify_answers_changed_in"(changed_realm_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(changed_realm_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_notify(
    'ecc_answers_changed',
    CASE WHEN cardinality(changed_realm_ids) > 100 THEN '' ELSE array_to_string(changed_realm_ids, ',') END
  );
END
$$;
--> statement-breakpoint
CREATE FUNCTION "ecc_notify_answers_changed_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ecc_notify_answers_changed_in"(ARRAY(SELECT DISTINCT realm_id FROM changed_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "ecc_notify_answers_updated_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ecc_notify_answers_changed_in"(ARRAY(
    SELECT realm_id FROM changed_rows UNION SELECT realm_id FROM previous_rows
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "ecc_notify_answers_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ecc_answers_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- PostgreSQL allows transition tables only on single-event triggers: four triggers per table.
DO $$
DECLARE
  answer_table text;
BEGIN
  FOREACH answer_table IN ARRAY ARRAY[
    'facilities', 'facility_emission_years', 'equipment', 'activity_records', 'emission_results_all_sets',
    'emission_month_totals'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows '
        'FOR EACH STATEMENT EXECUTE FUNCTION "ecc_notify_answers_changed_rows"()',
      answer_table || '_inserted_notify_answers', answer_table
    );
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows '
        'FOR EACH STATEMENT EXECUTE FUNCTION "ecc_notify_answers_updated_rows"()',
      answer_table || '_updated_notify_answers', answer_table
    );
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows '
        'FOR EACH STATEMENT EXECUTE FUNCTION "ecc_notify_answers_changed_rows"()',
      answer_table || '_deleted_notify_answers', answer_table
    );
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "ecc_notify_answers_truncated"()',
      answer_table || '_truncated_notify_answers', answer_table
    );
  END LOOP;
END
$$;
