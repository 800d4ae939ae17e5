-- Every operator accountable (issue 46). Roles: an operator account is an `owner` (manages
-- operators) or an `operator`; the oldest operator of an existing database becomes its owner, so
-- that someone can still manage the others from a browser (the command line always acts as owner).
-- Written to be applied again harmlessly (IF NOT EXISTS, an owner only where there is none), as a
-- migration re-run after its record was lost must be.
ALTER TABLE "operators" ADD COLUMN IF NOT EXISTS "role" text DEFAULT 'operator' NOT NULL;--> statement-breakpoint
UPDATE "operators" SET "role" = 'owner' WHERE "id" = (
	SELECT "id" FROM "operators" WHERE "removed_at" IS NULL ORDER BY "created_at", "name" LIMIT 1
) AND NOT EXISTS (SELECT 1 FROM "operators" WHERE "role" = 'owner');--> statement-breakpoint
-- Who made a sign-in link, for the sign-in's audit row.
ALTER TABLE "operator_sign_in_links" ADD COLUMN IF NOT EXISTS "made_by" text;--> statement-breakpoint
-- The console session behind a row (a short id, never the token); rows of before have none.
ALTER TABLE "operator_audit" ADD COLUMN IF NOT EXISTS "session" text;--> statement-breakpoint
-- Counters that must outlive a restart: the per-code limit on registrations of a taken number.
CREATE TABLE IF NOT EXISTS "attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "attempt_counters_window_ends_idx" ON "attempt_counters" USING btree ("window_ends_at");
