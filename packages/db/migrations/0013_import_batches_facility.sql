DROP INDEX "import_batches_file_unique";--> statement-breakpoint
ALTER TABLE "import_batches" ADD COLUMN "facility_id" uuid;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_realm_id_facility_id_facilities_realm_id_id_fk" FOREIGN KEY ("realm_id","facility_id") REFERENCES "public"."facilities"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_file_unique" UNIQUE NULLS NOT DISTINCT("realm_id","kind","file_hash","facility_id");