-- Issue 10, items 3 and 12: before 0010 adds the foreign keys and 0011 the one-GWP-set rule, the rows that would
-- break them are repaired. Results whose record is gone are dropped (nothing shows them: every read starts from
-- a record). A record pointing at equipment that no longer exists loses that link (the equipment's deletion
-- left it dangling). Results on a GWP set that is neither the realm's (`properties.gwpSetId`, AR5 when absent)
-- nor the target of its unfinished recalculation are dropped, and such a realm gets a recalculation on its own
-- set queued, which the server runs when it starts, so every record gets its results back on one set.
DELETE FROM emission_results result
  WHERE NOT EXISTS (
    SELECT 1 FROM activity_records record
    WHERE record.realm_id = result.realm_id AND record.id = result.activity_record_id
  );
--> statement-breakpoint
UPDATE activity_records record SET equipment_id = NULL
  WHERE equipment_id IS NOT NULL
    AND NOT EXISTS (
      SELECT 1 FROM equipment item WHERE item.realm_id = record.realm_id AND item.id = record.equipment_id
    );
--> statement-breakpoint
INSERT INTO recalculation_runs (realm_id, gwp_set_id, total)
  SELECT realm.id, coalesce(realm.properties->>'gwpSetId', 'AR5'),
         (SELECT count(*) FROM activity_records record WHERE record.realm_id = realm.id)
  FROM realms realm
  WHERE EXISTS (
    SELECT 1 FROM emission_results result
    WHERE result.realm_id = realm.id
      AND result.gwp_set_id <> coalesce(realm.properties->>'gwpSetId', 'AR5')
      AND NOT EXISTS (
        SELECT 1 FROM recalculation_runs run
        WHERE run.realm_id = realm.id AND run.status IN ('queued', 'running')
          AND run.gwp_set_id = result.gwp_set_id
      )
  )
ON CONFLICT (realm_id) WHERE status IN ('queued', 'running') DO NOTHING;
--> statement-breakpoint
DELETE FROM emission_results result
  USING realms realm
  WHERE realm.id = result.realm_id
    AND result.gwp_set_id <> coalesce(realm.properties->>'gwpSetId', 'AR5')
    AND NOT EXISTS (
      SELECT 1 FROM recalculation_runs run
      WHERE run.realm_id = result.realm_id AND run.status IN ('queued', 'running')
        AND run.gwp_set_id = result.gwp_set_id
    );
