DROP INDEX "activity_members_user_idx";--> statement-breakpoint
CREATE INDEX "activities_day_idx" ON "activities" USING btree ("starts_at","id") WHERE "activities"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "activity_members_user_idx" ON "activity_members" USING btree ("user_id","state","activity_id");