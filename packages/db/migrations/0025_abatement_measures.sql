CREATE TABLE "abatement_measures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"facility_id" uuid,
	"equipment_type_id" uuid,
	"scope" smallint,
	"abatement_kind" text NOT NULL,
	"abatement_kg" double precision,
	"abatement_percent" double precision,
	"capex" double precision NOT NULL,
	"annual_cost" double precision NOT NULL,
	"lifetime" integer NOT NULL,
	"earliest_year" integer,
	"exclusive_group" text,
	"prerequisites" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"source_citation" text DEFAULT '' NOT NULL,
	"source_url" text DEFAULT '' NOT NULL,
	"starter_key" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abatement_measures_kind_check" CHECK ("abatement_measures"."abatement_kind" in ('absolute', 'share')),
	CONSTRAINT "abatement_measures_amount_check" CHECK (("abatement_measures"."abatement_kind" = 'absolute' and "abatement_measures"."abatement_kg" >= 0 and "abatement_measures"."abatement_percent" is null) or ("abatement_measures"."abatement_kind" = 'share' and "abatement_measures"."abatement_percent" > 0 and "abatement_measures"."abatement_percent" <= 100 and "abatement_measures"."abatement_kg" is null)),
	CONSTRAINT "abatement_measures_scope_check" CHECK ("abatement_measures"."scope" is null or "abatement_measures"."scope" between 1 and 3),
	CONSTRAINT "abatement_measures_lifetime_check" CHECK ("abatement_measures"."lifetime" >= 1),
	CONSTRAINT "abatement_measures_capex_check" CHECK ("abatement_measures"."capex" >= 0)
);
--> statement-breakpoint
ALTER TABLE "abatement_measures" ADD CONSTRAINT "abatement_measures_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "abatement_measures_realm_name_unique" ON "abatement_measures" USING btree ("realm_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "abatement_measures_realm_starter_unique" ON "abatement_measures" USING btree ("realm_id","starter_key") WHERE "abatement_measures"."starter_key" is not null;--> statement-breakpoint
-- Behind the realm wall like every realm table (decision 018).
SELECT ecc_enable_realm_isolation('abatement_measures'::regclass);
