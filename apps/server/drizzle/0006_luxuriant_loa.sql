ALTER TABLE "activity_members" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_members" ADD COLUMN "history_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "removed_at" timestamp with time zone;