-- Tokens registered before sessions owned them cannot be tied to one; the apps register again at their next start.
DELETE FROM "push_tokens";--> statement-breakpoint
ALTER TABLE "push_tokens" ADD COLUMN "session_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tokens" ADD CONSTRAINT "push_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_tokens_session_idx" ON "push_tokens" USING btree ("session_id");