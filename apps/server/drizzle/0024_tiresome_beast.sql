ALTER TABLE "activity_routes" ADD COLUMN "backup_route" jsonb;--> statement-breakpoint
ALTER TABLE "activity_routes" ADD COLUMN "backup_gpx" text;