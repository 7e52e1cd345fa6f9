-- Report builder and scheduled reports (issue 11 items 4 and 6; decision 030): reports, their versions (an
-- approved one immutable, with its snapshot), schedules and their runs, one per (schedule, slot).
CREATE TABLE "report_schedule_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"error" text,
	"started_on" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_on" timestamp with time zone,
	CONSTRAINT "report_schedule_runs_status_check" CHECK ("report_schedule_runs"."status" in ('running', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"cron" text NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"format" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_realm_id_id_unique" UNIQUE("realm_id","id"),
	CONSTRAINT "report_schedules_format_check" CHECK ("report_schedules"."format" in ('pdf', 'xlsx', 'csv'))
);
--> statement-breakpoint
CREATE TABLE "report_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"sections" jsonb NOT NULL,
	"snapshot" jsonb,
	"created_by" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" text,
	"approved_on" timestamp with time zone,
	CONSTRAINT "report_versions_approval_check" CHECK (("report_versions"."approved_on" is null) = ("report_versions"."snapshot" is null))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"latest_version" integer DEFAULT 1 NOT NULL,
	"approved_version" integer,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_realm_id_id_unique" UNIQUE("realm_id","id"),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('draft', 'in-review', 'approved'))
);
--> statement-breakpoint
ALTER TABLE "report_schedule_runs" ADD CONSTRAINT "report_schedule_runs_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedule_runs" ADD CONSTRAINT "report_schedule_runs_schedule_fk" FOREIGN KEY ("realm_id","schedule_id") REFERENCES "public"."report_schedules"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_report_fk" FOREIGN KEY ("realm_id","report_id") REFERENCES "public"."reports"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_versions" ADD CONSTRAINT "report_versions_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_versions" ADD CONSTRAINT "report_versions_report_fk" FOREIGN KEY ("realm_id","report_id") REFERENCES "public"."reports"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_schedule_runs_slot_unique" ON "report_schedule_runs" USING btree ("schedule_id","slot");--> statement-breakpoint
CREATE INDEX "report_schedule_runs_schedule_index" ON "report_schedule_runs" USING btree ("realm_id","schedule_id","started_on");--> statement-breakpoint
CREATE INDEX "report_schedules_due_index" ON "report_schedules" USING btree ("next_run_at") WHERE "report_schedules"."is_enabled";--> statement-breakpoint
CREATE UNIQUE INDEX "report_versions_report_number_unique" ON "report_versions" USING btree ("realm_id","report_id","number");--> statement-breakpoint
CREATE INDEX "reports_realm_index" ON "reports" USING btree ("realm_id","modified_on");--> statement-breakpoint
-- An approved version is the record of what was approved: neither its sections nor its snapshot change again.
CREATE FUNCTION ecc_report_version_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.approved_on IS NOT NULL THEN
    RAISE EXCEPTION 'An approved report version cannot be changed' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_versions_immutable BEFORE UPDATE ON report_versions
  FOR EACH ROW EXECUTE FUNCTION ecc_report_version_immutable();
--> statement-breakpoint
-- Behind the realm wall like every realm table (decision 018).
SELECT ecc_enable_realm_isolation('reports'::regclass);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('report_versions'::regclass);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('report_schedules'::regclass);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('report_schedule_runs'::regclass);
