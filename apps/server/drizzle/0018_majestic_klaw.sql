CREATE TABLE "activity_waitlist_overrides" (
	"id" uuid PRIMARY KEY NOT NULL,
	"activity_id" uuid NOT NULL,
	"actor_id" uuid,
	"user_id" uuid,
	"kind" text NOT NULL,
	"from_position" integer NOT NULL,
	"to_position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "join_deadline_hours" integer;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "claim_window_minutes" integer;--> statement-breakpoint
ALTER TABLE "activity_members" ADD COLUMN "waitlist_key" double precision;--> statement-breakpoint
ALTER TABLE "activity_members" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_waitlist_overrides" ADD CONSTRAINT "activity_waitlist_overrides_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_waitlist_overrides" ADD CONSTRAINT "activity_waitlist_overrides_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_waitlist_overrides" ADD CONSTRAINT "activity_waitlist_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_waitlist_overrides_activity_idx" ON "activity_waitlist_overrides" USING btree ("activity_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_members_waitlist_idx" ON "activity_members" USING btree ("activity_id","waitlist_key","user_id") WHERE "activity_members"."state" = 'WAITLISTED';--> statement-breakpoint
CREATE INDEX "activity_members_offers_idx" ON "activity_members" USING btree ("offer_expires_at") WHERE "activity_members"."offer_expires_at" is not null;