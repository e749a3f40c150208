ALTER TABLE "activities" ADD COLUMN "grades" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "hazards" jsonb DEFAULT '[]'::jsonb NOT NULL;