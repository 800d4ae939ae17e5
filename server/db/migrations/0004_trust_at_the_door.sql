CREATE TABLE "erased_invite_nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invite_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invite_codes" ADD COLUMN "invited_by_erased" uuid;--> statement-breakpoint
ALTER TABLE "erased_invite_nodes" ADD CONSTRAINT "erased_invite_nodes_invite_code_invite_codes_code_fk" FOREIGN KEY ("invite_code") REFERENCES "public"."invite_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_invited_by_erased_erased_invite_nodes_id_fk" FOREIGN KEY ("invited_by_erased") REFERENCES "public"."erased_invite_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invite_codes_invited_by_erased_idx" ON "invite_codes" USING btree ("invited_by_erased");--> statement-breakpoint
-- Member codes now unlock when the member's number is proven (linked on WhatsApp). Codes minted at
-- registration for members who never linked, and that nobody used, stop working; the member gets
-- their quota when they link.
UPDATE "invite_codes" SET "revoked_at" = now()
WHERE "uses" = 0 AND "revoked_at" IS NULL
  AND "invited_by" IN (SELECT "id" FROM "users" WHERE "linked_at" IS NULL);
