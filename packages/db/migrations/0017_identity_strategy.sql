-- Linked OpenID Connect identities bound to the sign-in strategy they came through (issue 16 item 6, decision
-- 023), not only to an issuer, which an administrator can give a second strategy. Strategies are JSON in the
-- realm's application (`authentication.strategies`), so the column holds the strategy's key (its id, else its
-- name) and the login-strategy service keeps it pointing at a strategy.
ALTER TABLE "user_identities" ADD COLUMN "strategy_key" text;--> statement-breakpoint
-- Backfill: the realm's one strategy with the identity's issuer. A row that no strategy or more than one matches
-- is deleted: no strategy signs it in any more, or which one it came through cannot be told, and guessing could
-- hand the account to a strategy an administrator pointed at the same issuer. Its user keeps their account and
-- history; an administrator sets them a password, or deletes and re-invites them.
WITH "matches" AS (
	SELECT "identity"."id", min(coalesce("strategy"->>'id', "strategy"->>'name')) AS "strategy_key", count(*) AS "strategies"
	FROM "user_identities" AS "identity"
	JOIN "realms" AS "realm" ON "realm"."id" = "identity"."realm_id"
	CROSS JOIN LATERAL jsonb_array_elements(
		coalesce("realm"."properties" #> '{config,applications,0,authentication,strategies}', '[]'::jsonb)
	) AS "strategy"
	WHERE "strategy"->>'issuer' = "identity"."issuer"
	GROUP BY "identity"."id"
)
UPDATE "user_identities" SET "strategy_key" = "matches"."strategy_key"
FROM "matches"
WHERE "matches"."id" = "user_identities"."id" AND "matches"."strategies" = 1;--> statement-breakpoint
DELETE FROM "user_identities" WHERE "strategy_key" IS NULL;--> statement-breakpoint
ALTER TABLE "user_identities" ALTER COLUMN "strategy_key" SET NOT NULL;--> statement-breakpoint
DROP INDEX "user_identities_realm_issuer_subject_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_realm_strategy_issuer_subject_unique" ON "user_identities" USING btree ("realm_id","strategy_key","issuer","subject");
