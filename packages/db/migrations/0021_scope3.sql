CREATE TABLE "price_indexes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"year" integer NOT NULL,
	"index_value" double precision NOT NULL,
	"exchange_rate" double precision,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_indexes_currency_year_unique" UNIQUE("realm_id","currency","year"),
	CONSTRAINT "price_indexes_index_value_check" CHECK ("price_indexes"."index_value" > 0),
	CONSTRAINT "price_indexes_exchange_rate_check" CHECK ("price_indexes"."exchange_rate" is null or "price_indexes"."exchange_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "scope3_lines" (
	"realm_id" uuid NOT NULL,
	"activity_record_id" uuid NOT NULL,
	"method" text NOT NULL,
	"description" text NOT NULL,
	"supplier" text,
	"spend_amount" double precision,
	"spend_currency" text,
	"spend_year" integer,
	"price_basis" text,
	"naics_code" text,
	"index_ratio" double precision,
	"exchange_rate" double precision,
	"mode" text,
	"waste_type" text,
	"waste_treatment" text,
	"units_sold" double precision,
	"lifetime_energy_kwh" double precision,
	"dq_technological" smallint,
	"dq_temporal" smallint,
	"dq_geographical" smallint,
	"dq_completeness" smallint,
	"dq_reliability" smallint,
	CONSTRAINT "scope3_lines_pk" PRIMARY KEY("realm_id","activity_record_id"),
	CONSTRAINT "scope3_lines_method_check" CHECK ("scope3_lines"."method" in ('spend', 'average-data', 'distance', 'waste', 'supplier-specific', 'use-phase')),
	CONSTRAINT "scope3_lines_price_basis_check" CHECK ("scope3_lines"."price_basis" is null or "scope3_lines"."price_basis" in ('purchaser', 'producer')),
	CONSTRAINT "scope3_lines_data_quality_check" CHECK (coalesce("scope3_lines"."dq_technological", 1) between 1 and 5 and coalesce("scope3_lines"."dq_temporal", 1) between 1 and 5 and coalesce("scope3_lines"."dq_geographical", 1) between 1 and 5 and coalesce("scope3_lines"."dq_completeness", 1) between 1 and 5 and coalesce("scope3_lines"."dq_reliability", 1) between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "scope3_screenings" (
	"realm_id" uuid NOT NULL,
	"category" smallint NOT NULL,
	"is_included" boolean NOT NULL,
	"relevance" jsonb NOT NULL,
	"exclusion_reason" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scope3_screenings_pk" PRIMARY KEY("realm_id","category"),
	CONSTRAINT "scope3_screenings_category_check" CHECK ("scope3_screenings"."category" between 1 and 15),
	CONSTRAINT "scope3_screenings_exclusion_reason_check" CHECK ("scope3_screenings"."is_included" or "scope3_screenings"."exclusion_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "price_indexes" ADD CONSTRAINT "price_indexes_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scope3_lines" ADD CONSTRAINT "scope3_lines_activity_record_fk" FOREIGN KEY ("realm_id","activity_record_id") REFERENCES "public"."activity_records"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scope3_screenings" ADD CONSTRAINT "scope3_screenings_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Behind the realm wall like every realm table (decision 018).
SELECT ecc_enable_realm_isolation('scope3_lines'::regclass);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('scope3_screenings'::regclass);
--> statement-breakpoint
SELECT ecc_enable_realm_isolation('price_indexes'::regclass);
