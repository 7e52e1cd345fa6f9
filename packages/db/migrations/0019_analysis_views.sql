CREATE TABLE "analysis_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"visibility" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_views_visibility_check" CHECK ("analysis_views"."visibility" in ('private', 'shared'))
);
--> statement-breakpoint
ALTER TABLE "analysis_views" ADD CONSTRAINT "analysis_views_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_views" ADD CONSTRAINT "analysis_views_owner_fk" FOREIGN KEY ("realm_id","owner_id") REFERENCES "public"."users"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_views_owner_name_unique" ON "analysis_views" USING btree ("realm_id","owner_id","name");--> statement-breakpoint
CREATE INDEX "analysis_views_shared_index" ON "analysis_views" USING btree ("realm_id","visibility");--> statement-breakpoint
SELECT ecc_enable_realm_isolation('analysis_views'::regclass);
