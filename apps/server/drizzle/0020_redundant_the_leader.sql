ALTER TABLE "activities" ALTER COLUMN "total_elevation_gain" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "smoothed_elevation_gain" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "elevation_loss" double precision;--> statement-breakpoint
-- Routes saved before elevation became nullable stored 0 for "no elevation data": their climb was unknown, not 0.
UPDATE "activities" SET "total_elevation_gain" = NULL, "smoothed_elevation_gain" = NULL WHERE "elevation_profile" = '[]'::jsonb;
