DROP INDEX "activities_near_idx";--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "area_latitude" double precision;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "area_longitude" double precision;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "participants_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "activities_near_idx" ON "activities" USING gist (ll_to_earth("area_latitude", "area_longitude"),"sport_id","starts_at") WHERE "activities"."deleted_at" is null;