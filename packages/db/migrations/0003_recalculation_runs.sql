CREATE TABLE "recalculation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"gwp_set_id" text NOT NULL,
	"cursor" uuid,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"started_on" timestamp with time zone,
	"finished_on" timestamp with time zone,
	CONSTRAINT "recalculation_runs_status_check" CHECK ("recalculation_runs"."status" in ('queued', 'running', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "recalculation_runs" ADD CONSTRAINT "recalculation_runs_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recalculation_runs_one_active_per_realm" ON "recalculation_runs" USING btree ("realm_id") WHERE "recalculation_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "recalculation_runs_realm_index" ON "recalculation_runs" USING btree ("realm_id","created_on");