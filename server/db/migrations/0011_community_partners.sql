-- Community partners (issue 50): applications from organisers, the communities an operator approves,
-- and which community an event link (invite code), its organiser (operator) and its members belong to.
-- Written to be applied again harmlessly (IF NOT EXISTS; a constraint that exists already is kept),
-- as a migration re-run after its record was lost must be.
CREATE TABLE IF NOT EXISTS "communities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"quota" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"suspended_at" timestamp with time zone,
	CONSTRAINT "communities_quota_positive" CHECK ("communities"."quota" > 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "community_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"organiser_name" text NOT NULL,
	"community_name" text NOT NULL,
	"about" text NOT NULL,
	"city" text NOT NULL,
	"expected_size" integer NOT NULL,
	"contact_phone" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"community_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_applications_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "invite_codes" ADD COLUMN IF NOT EXISTS "community_id" uuid;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN IF NOT EXISTS "community_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "community_id" uuid;--> statement-breakpoint
DO $$ BEGIN
	ALTER TABLE "community_applications" ADD CONSTRAINT "community_applications_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "community_applications_status_idx" ON "community_applications" USING btree ("status");--> statement-breakpoint
DO $$ BEGIN
	ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
DO $$ BEGIN
	ALTER TABLE "operators" ADD CONSTRAINT "operators_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
DO $$ BEGIN
	ALTER TABLE "users" ADD CONSTRAINT "users_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_community_idx" ON "users" USING btree ("community_id");
