ALTER TABLE "emission_results" RENAME TO "emission_results_all_sets";--> statement-breakpoint
DROP INDEX "activity_records_realm_id_id_index";--> statement-breakpoint
DROP INDEX "emission_results_facility_period_index";--> statement-breakpoint
ALTER TABLE "emission_results_all_sets" DROP CONSTRAINT "emission_results_activity_record_id_scope2_method_pk";--> statement-breakpoint
ALTER TABLE "emission_results_all_sets" ADD CONSTRAINT "emission_results_all_sets_pk" PRIMARY KEY("realm_id","activity_record_id","scope2_method","gwp_set_id");--> statement-breakpoint
ALTER TABLE "activity_records" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_records" ADD CONSTRAINT "activity_records_realm_id_id_unique" UNIQUE("realm_id","id");--> statement-breakpoint
ALTER TABLE "activity_records" ADD CONSTRAINT "activity_records_equipment_fk" FOREIGN KEY ("realm_id","equipment_id") REFERENCES "public"."equipment"("realm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_results_all_sets" ADD CONSTRAINT "emission_results_activity_record_fk" FOREIGN KEY ("realm_id","activity_record_id") REFERENCES "public"."activity_records"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_records_equipment_index" ON "activity_records" USING btree ("realm_id","equipment_id") WHERE "activity_records"."equipment_id" is not null;--> statement-breakpoint
CREATE INDEX "emission_results_facility_period_index" ON "emission_results_all_sets" USING btree ("realm_id","gwp_set_id","facility_id","period_start");
