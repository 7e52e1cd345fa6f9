CREATE TABLE "inventory_change_reasons" (
	"realm_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"reason" text NOT NULL,
	"co2e_kg" numeric NOT NULL,
	"direction" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_change_reasons_pk" PRIMARY KEY("realm_id","year","reason"),
	CONSTRAINT "inventory_change_reasons_reason_check" CHECK ("inventory_change_reasons"."reason" in ('emissions-reduction-activities', 'divestment', 'acquisitions', 'mergers', 'change-in-output', 'change-in-methodology', 'change-in-boundary', 'change-in-physical-operating-conditions', 'other')),
	CONSTRAINT "inventory_change_reasons_direction_check" CHECK ("inventory_change_reasons"."direction" in ('increase', 'decrease')),
	CONSTRAINT "inventory_change_reasons_co2e_check" CHECK ("inventory_change_reasons"."co2e_kg" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inventory_change_reasons" ADD CONSTRAINT "inventory_change_reasons_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Behind the realm wall like every realm table (decision 018).
SELECT ecc_enable_realm_isolation('inventory_change_reasons'::regclass);
