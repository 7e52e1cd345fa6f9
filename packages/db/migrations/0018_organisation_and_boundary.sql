-- Organisation and boundary (issue 11 item 1; decision 024): business units as a tree per realm, each facility's
-- unit, ownership share and boundary flag, the realm's boundary settings and the yearly intensity denominators.
CREATE TABLE "business_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"code" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_units_realm_id_id_unique" UNIQUE("realm_id","id")
);
--> statement-breakpoint
CREATE TABLE "intensity_denominators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"facility_id" uuid,
	"year" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric NOT NULL,
	"unit" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intensity_denominators_kind_check" CHECK ("intensity_denominators"."kind" in ('revenue', 'production', 'floor-area', 'headcount')),
	CONSTRAINT "intensity_denominators_amount_check" CHECK ("intensity_denominators"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "realm_boundaries" (
	"realm_id" uuid PRIMARY KEY NOT NULL,
	"consolidation_approach" text DEFAULT 'operational-control' NOT NULL,
	"reporting_year_start_month" smallint DEFAULT 1 NOT NULL,
	"base_year" integer,
	"recalculation_threshold_percent" numeric DEFAULT 5 NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realm_boundaries_consolidation_approach_check" CHECK ("realm_boundaries"."consolidation_approach" in ('operational-control', 'financial-control', 'equity-share')),
	CONSTRAINT "realm_boundaries_start_month_check" CHECK ("realm_boundaries"."reporting_year_start_month" between 1 and 12),
	CONSTRAINT "realm_boundaries_threshold_check" CHECK ("realm_boundaries"."recalculation_threshold_percent" > 0 and "realm_boundaries"."recalculation_threshold_percent" <= 100)
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "business_unit_id" uuid;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "ownership_share_percent" numeric DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "is_in_boundary" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "boundary_exclusion_reason" text;--> statement-breakpoint
ALTER TABLE "business_units" ADD CONSTRAINT "business_units_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_units" ADD CONSTRAINT "business_units_parent_fk" FOREIGN KEY ("realm_id","parent_id") REFERENCES "public"."business_units"("realm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intensity_denominators" ADD CONSTRAINT "intensity_denominators_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intensity_denominators" ADD CONSTRAINT "intensity_denominators_facility_fk" FOREIGN KEY ("realm_id","facility_id") REFERENCES "public"."facilities"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realm_boundaries" ADD CONSTRAINT "realm_boundaries_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_units_realm_id_code_unique" ON "business_units" USING btree ("realm_id","code") WHERE "business_units"."code" is not null;--> statement-breakpoint
CREATE INDEX "business_units_parent_index" ON "business_units" USING btree ("realm_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "intensity_denominators_realm_unique" ON "intensity_denominators" USING btree ("realm_id","year","kind") WHERE "intensity_denominators"."facility_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "intensity_denominators_facility_unique" ON "intensity_denominators" USING btree ("realm_id","facility_id","year","kind") WHERE "intensity_denominators"."facility_id" is not null;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_business_unit_fk" FOREIGN KEY ("realm_id","business_unit_id") REFERENCES "public"."business_units"("realm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "facilities_business_unit_index" ON "facilities" USING btree ("realm_id","business_unit_id");--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_ownership_share_check" CHECK ("facilities"."ownership_share_percent" > 0 and "facilities"."ownership_share_percent" <= 100);--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_boundary_exclusion_reason_check" CHECK ("facilities"."is_in_boundary" or "facilities"."boundary_exclusion_reason" is not null);--> statement-breakpoint
-- Behind the realm wall like every realm table (decision 018).
SELECT ecc_enable_realm_isolation('business_units'::regclass);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('realm_boundaries'::regclass);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('intensity_denominators'::regclass);
