ALTER TABLE "emergency_contacts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "emergency_contacts_confirm_token" ON "emergency_contacts" USING btree ("confirm_token_hash");