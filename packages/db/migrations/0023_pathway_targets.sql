CREATE TABLE "pathway_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"denominator_kind" text,
	"scopes" smallint[] NOT NULL,
	"scope2_method" text NOT NULL,
	"scope3_categories" smallint[] NOT NULL,
	"base_year" integer NOT NULL,
	"target_year" integer NOT NULL,
	"term" text NOT NULL,
	"ambition" text NOT NULL,
	"custom_reduction_percent" numeric,
	"projection_method" text NOT NULL,
	"growth_percent" numeric,
	"sector_pathway_id" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pathway_targets_kind_check" CHECK ("pathway_targets"."kind" in ('absolute', 'intensity')),
	CONSTRAINT "pathway_targets_years_check" CHECK ("pathway_targets"."target_year" > "pathway_targets"."base_year"),
	CONSTRAINT "pathway_targets_term_check" CHECK ("pathway_targets"."term" in ('near-term', 'long-term', 'net-zero')),
	CONSTRAINT "pathway_targets_ambition_check" CHECK ("pathway_targets"."ambition" in ('1.5C', 'well-below-2C', 'long-term-90', 'custom')),
	CONSTRAINT "pathway_targets_custom_reduction_check" CHECK ("pathway_targets"."custom_reduction_percent" is null or "pathway_targets"."custom_reduction_percent" between 0 and 100),
	CONSTRAINT "pathway_targets_projection_check" CHECK ("pathway_targets"."projection_method" in ('linear-trend', 'compound-growth')),
	CONSTRAINT "pathway_targets_scope2_method_check" CHECK ("pathway_targets"."scope2_method" in ('location', 'market'))
);
--> statement-breakpoint
CREATE TABLE "sector_pathways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"denominator_kind" text NOT NULL,
	"points" jsonb NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sector_pathways_realm_id_unique" UNIQUE("realm_id","id"),
	CONSTRAINT "sector_pathways_denominator_kind_check" CHECK ("sector_pathways"."denominator_kind" in ('revenue', 'production', 'floor-area', 'headcount'))
);
--> statement-breakpoint
ALTER TABLE "pathway_targets" ADD CONSTRAINT "pathway_targets_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_targets" ADD CONSTRAINT "pathway_targets_sector_pathway_fk" FOREIGN KEY ("realm_id","sector_pathway_id") REFERENCES "public"."sector_pathways"("realm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sector_pathways" ADD CONSTRAINT "sector_pathways_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pathway_targets_realm_idx" ON "pathway_targets" USING btree ("realm_id");--> statement-breakpoint
-- Behind the realm wall like every realm table (decision 018).
SELECT ecc_enable_realm_isolation('sector_pathways'::regclass);--> statement-breakpoint
SELECT ecc_enable_realm_isolation('pathway_targets'::regclass);
