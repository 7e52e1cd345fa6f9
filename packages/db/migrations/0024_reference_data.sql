CREATE TABLE "reference_dataset_loads" (
	"source" text NOT NULL,
	"year" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"row_count" integer NOT NULL,
	"loaded_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_dataset_loads_source_year_pk" PRIMARY KEY("source","year")
);
--> statement-breakpoint
CREATE TABLE "reference_ghgrp_facility_years" (
	"source" text NOT NULL,
	"year" integer NOT NULL,
	"ghgrp_id" text NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"state" text,
	"naics" text,
	"sector" text NOT NULL,
	"reported_co2e_kg" numeric NOT NULL,
	"reported_gwp_set_id" text NOT NULL,
	"gas_kg" jsonb NOT NULL,
	"mixtures_co2e_kg" jsonb NOT NULL,
	"co2e_kg_by_gwp_set" jsonb NOT NULL,
	"biogenic_co2_kg" numeric,
	CONSTRAINT "reference_ghgrp_facility_years_source_year_ghgrp_id_pk" PRIMARY KEY("source","year","ghgrp_id")
);
--> statement-breakpoint
CREATE INDEX "reference_ghgrp_facility_years_naics_index" ON "reference_ghgrp_facility_years" USING btree ("source","naics","year");--> statement-breakpoint
-- Public reference data (decision 033): every realm's requests read it, none writes it; the owner role loads it
-- (the operator's command line and start-up). No realm_id, so no realm wall: the rows belong to no realm.
REVOKE INSERT, UPDATE, DELETE ON reference_ghgrp_facility_years, reference_dataset_loads FROM ecc_app;
