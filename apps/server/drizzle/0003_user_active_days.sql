CREATE TABLE "user_active_days" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	CONSTRAINT "user_active_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_active_days" ADD CONSTRAINT "user_active_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;