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
--> statement-breakpoint
-- Sessions, users and the grants behind rights are cached the same way. Inserting a session or user changes
-- nothing cached (only found rows are kept), so those tables notify on update and delete only.
CREATE FUNCTION "ecc_notify_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ecc_access_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed_notify" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "ecc_notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_changed_notify" AFTER UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "ecc_notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "rights_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rights"
  FOR EACH STATEMENT EXECUTE FUNCTION "ecc_notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "roles_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "ecc_notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "groups_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "ecc_notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "group_members_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "group_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "ecc_notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "role_assignments_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_assignments"
  FOR EACH STATEMENT EXECUTE FUNCTION "ecc_notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "permissions_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "ecc_notify_access_changed"();
