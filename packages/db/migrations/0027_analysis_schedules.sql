ALTER TABLE "analysis_views" ADD CONSTRAINT "analysis_views_realm_id_id_unique" UNIQUE("realm_id","id");--> statement-breakpoint
ALTER TABLE "report_schedules" ALTER COLUMN "report_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD COLUMN "analysis_view_id" uuid;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_analysis_view_fk" FOREIGN KEY ("realm_id","analysis_view_id") REFERENCES "public"."analysis_views"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_schedules_analysis_view_index" ON "report_schedules" USING btree ("realm_id","analysis_view_id");--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_target_check" CHECK (("report_schedules"."report_id" is null) <> ("report_schedules"."analysis_view_id" is null));