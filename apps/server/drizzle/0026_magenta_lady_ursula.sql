CREATE TABLE "activity_safety" (
	"activity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sharing" boolean DEFAULT false NOT NULL,
	"economy" boolean DEFAULT false NOT NULL,
	"back_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	"contacts_mailed_at" timestamp with time zone,
	CONSTRAINT "activity_safety_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "emergency_contacts" (
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "emergency_contacts_user_id_position_pk" PRIMARY KEY("user_id","position")
);
--> statement-breakpoint
CREATE TABLE "location_points" (
	"id" uuid PRIMARY KEY NOT NULL,
	"activity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy" double precision,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"activity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"contact_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "planned_return_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_safety" ADD CONSTRAINT "activity_safety_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_safety" ADD CONSTRAINT "activity_safety_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD CONSTRAINT "emergency_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_points" ADD CONSTRAINT "location_points_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_points" ADD CONSTRAINT "location_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_links" ADD CONSTRAINT "safety_links_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_links" ADD CONSTRAINT "safety_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_points_person_idx" ON "location_points" USING btree ("activity_id","user_id","recorded_at");--> statement-breakpoint
CREATE INDEX "location_points_user_idx" ON "location_points" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "location_points_recorded_idx" ON "location_points" USING btree ("recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_links_token_key" ON "safety_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "safety_links_expires_idx" ON "safety_links" USING btree ("expires_at");