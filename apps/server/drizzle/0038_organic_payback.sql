CREATE TABLE "subgroup_members" (
	"subgroup_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subgroup_members_subgroup_id_user_id_pk" PRIMARY KEY("subgroup_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "subgroups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sport_id" text NOT NULL,
	"intensity_kind" text NOT NULL,
	"intensity_value" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "subgroup_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "is_leader" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subgroup_members" ADD CONSTRAINT "subgroup_members_subgroup_id_subgroups_id_fk" FOREIGN KEY ("subgroup_id") REFERENCES "public"."subgroups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subgroup_members" ADD CONSTRAINT "subgroup_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subgroups" ADD CONSTRAINT "subgroups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subgroup_members_user_idx" ON "subgroup_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subgroups_group_idx" ON "subgroups" USING btree ("group_id");