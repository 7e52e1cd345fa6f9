CREATE TABLE "oidc_flows" (
	"flow_id_hash" text PRIMARY KEY NOT NULL,
	"realm_id" uuid NOT NULL,
	"strategy_key" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oidc_flows" ADD CONSTRAINT "oidc_flows_realm_id_realms_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."realms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oidc_flows_expires_at_index" ON "oidc_flows" USING btree ("expires_at");