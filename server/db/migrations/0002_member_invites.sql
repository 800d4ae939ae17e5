ALTER TABLE "invite_codes" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "invite_codes" ADD COLUMN "waitlist_id" integer;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_waitlist_id_waitlist_id_fk" FOREIGN KEY ("waitlist_id") REFERENCES "public"."waitlist"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invite_codes_invited_by_idx" ON "invite_codes" USING btree ("invited_by");--> statement-breakpoint
UPDATE "waitlist" SET "joined_at" = "users"."created_at" FROM "users" WHERE "users"."phone" = "waitlist"."phone";
