-- The audit log is append-only: an auditor must be able to trust that no entry was edited or removed.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- A published factor edition never changes: results calculated with it must stay reproducible.
CREATE FUNCTION emission_factor_refuse_published_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  version_status text;
BEGIN
  IF TG_TABLE_NAME = 'emission_factor_versions' THEN
    IF OLD.status = 'published' THEN
      RAISE EXCEPTION 'emission factor version % is published and immutable', OLD.label USING ERRCODE = 'restrict_violation';
    END IF;
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  SELECT status INTO version_status FROM emission_factor_versions WHERE id = OLD.version_id;
  IF version_status = 'published' THEN
    RAISE EXCEPTION 'emission factor % belongs to a published version and is immutable', OLD.key USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER emission_factor_versions_immutable BEFORE UPDATE OR DELETE ON emission_factor_versions
  FOR EACH ROW EXECUTE FUNCTION emission_factor_refuse_published_change();
--> statement-breakpoint
CREATE TRIGGER emission_factors_immutable BEFORE UPDATE OR DELETE ON emission_factors
  FOR EACH ROW EXECUTE FUNCTION emission_factor_refuse_published_change();
