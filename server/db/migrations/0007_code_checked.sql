-- The operator console's funnel: when a code was first checked and found valid. From now on
-- GET /api/auth/validate-code writes it once per code (only while it is still null).
ALTER TABLE "invite_codes" ADD COLUMN "first_checked_at" timestamp with time zone;--> statement-breakpoint
-- Before this column, a registration is the only proof that a code was checked (it is checked again
-- as it is used): the earliest one stands in, so the funnel never shows more registered than checked
-- codes for the codes issued before today. Codes checked but never used stay null.
UPDATE "invite_codes" SET "first_checked_at" = "first_use"."created_at"
FROM (SELECT "invite_code", min("created_at") AS "created_at" FROM "users" GROUP BY "invite_code") AS "first_use"
WHERE "first_use"."invite_code" = "invite_codes"."code";
