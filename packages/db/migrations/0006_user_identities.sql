CREATE TABLE "user_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"realm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_realm_id_user_id_users_realm_id_id_fk" FOREIGN KEY ("realm_id","user_id") REFERENCES "public"."users"("realm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_realm_issuer_subject_unique" ON "user_identities" USING btree ("realm_id","issuer","subject");--> statement-breakpoint
CREATE INDEX "user_identities_user_index" ON "user_identities" USING btree ("realm_id","user_id");