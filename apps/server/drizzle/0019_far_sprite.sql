CREATE TABLE "activity_series" (
	"id" uuid PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"start_date" text NOT NULL,
	"ex_dates" text[] DEFAULT '{}'::text[] NOT NULL,
	"time_zone" text NOT NULL,
	"template" jsonb NOT NULL,
	"materialised_until" text NOT NULL,
	"ended" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_members" (
	"series_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_members_series_id_user_id_pk" PRIMARY KEY("series_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "series_skips" (
	"series_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_skips_series_id_user_id_day_pk" PRIMARY KEY("series_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "occurrence_date" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_series" ADD CONSTRAINT "activity_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_members" ADD CONSTRAINT "series_members_series_id_activity_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."activity_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_members" ADD CONSTRAINT "series_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_skips" ADD CONSTRAINT "series_skips_series_id_activity_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."activity_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_skips" ADD CONSTRAINT "series_skips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_series_due_idx" ON "activity_series" USING btree ("materialised_until") WHERE not "activity_series"."ended";--> statement-breakpoint
CREATE INDEX "series_members_user_idx" ON "series_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_series_id_activity_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."activity_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_series_day_key" ON "activities" USING btree ("series_id","occurrence_date");