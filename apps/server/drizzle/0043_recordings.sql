CREATE TABLE "activity_outcomes" (
	"activity_id" uuid PRIMARY KEY NOT NULL,
	"sport_id" text NOT NULL,
	"group_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"model_minutes" integer NOT NULL,
	"real_minutes" integer NOT NULL,
	"recordings" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_recordings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"activity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"external_id" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"moving_seconds" integer NOT NULL,
	"distance" double precision NOT NULL,
	"on_route_share" real NOT NULL,
	"line" jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strava_connections" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"athlete_id" text NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"scope" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strava_connections_athlete_id_unique" UNIQUE("athlete_id")
);
--> statement-breakpoint
CREATE TABLE "strava_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"athlete_id" text NOT NULL,
	"strava_activity_id" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strava_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_outcomes" ADD CONSTRAINT "activity_outcomes_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_outcomes" ADD CONSTRAINT "activity_outcomes_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_recordings" ADD CONSTRAINT "activity_recordings_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_recordings" ADD CONSTRAINT "activity_recordings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strava_connections" ADD CONSTRAINT "strava_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strava_states" ADD CONSTRAINT "strava_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_outcomes_sport_idx" ON "activity_outcomes" USING btree ("sport_id","starts_at");--> statement-breakpoint
CREATE INDEX "activity_outcomes_group_idx" ON "activity_outcomes" USING btree ("group_id","sport_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_recordings_activity_user_key" ON "activity_recordings" USING btree ("activity_id","user_id");--> statement-breakpoint
CREATE INDEX "activity_recordings_user_source_idx" ON "activity_recordings" USING btree ("user_id","source");--> statement-breakpoint
CREATE UNIQUE INDEX "strava_imports_activity_key" ON "strava_imports" USING btree ("athlete_id","strava_activity_id");--> statement-breakpoint
CREATE INDEX "strava_imports_due_idx" ON "strava_imports" USING btree ("not_before");