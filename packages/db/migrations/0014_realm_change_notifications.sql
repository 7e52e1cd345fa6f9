-- Servers cache realms in memory (host → realm, the public config); any change to the realms table tells every
-- server listening on one database to drop its copies. Statement-level: one notice per statement, not per row,
-- and delivered only when the transaction commits.
CREATE FUNCTION "ecc_notify_realm_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ecc_realm_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "realms_changed_notify"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "realms"
  FOR EACH STATEMENT EXECUTE FUNCTION "ecc_notify_realm_changed"();
