CREATE TABLE "activity_weather" (
	"activity_id" uuid PRIMARY KEY NOT NULL,
	"thresholds" jsonb,
	"decision" text,
	"decided_at" timestamp with time zone,
	"decided_for" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weather_cells" (
	"cell" text PRIMARY KEY NOT NULL,
	"fetched_at" timestamp with time zone,
	"attempted_at" timestamp with time zone NOT NULL,
	"elevation" double precision,
	"hours" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weather_checks" (
	"activity_id" uuid NOT NULL,
	"lead" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"breached" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_checks_activity_id_lead_starts_at_pk" PRIMARY KEY("activity_id","lead","starts_at")
);
--> statement-breakpoint
ALTER TABLE "activity_weather" ADD CONSTRAINT "activity_weather_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_checks" ADD CONSTRAINT "weather_checks_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;