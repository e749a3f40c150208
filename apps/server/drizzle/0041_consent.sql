ALTER TABLE "activities" ADD COLUMN "consent_text" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "consent_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_members" ADD COLUMN "consent_version" integer;--> statement-breakpoint
ALTER TABLE "activity_members" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "consent_version" integer;--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "consent_text" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "consent_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "series_members" ADD COLUMN "consent_version" integer;--> statement-breakpoint
ALTER TABLE "series_members" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
-- A series' dates are made from its template (a row as JSON): older templates learn that they ask for no consent.
UPDATE activity_series SET template = template || '{"consent_version": 0}'::jsonb
  WHERE NOT template ? 'consent_version';
