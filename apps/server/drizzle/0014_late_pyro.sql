ALTER TABLE "chats" ADD COLUMN "user_low_id" uuid;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "user_high_id" uuid;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_user_low_id_users_id_fk" FOREIGN KEY ("user_low_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_user_high_id_users_id_fk" FOREIGN KEY ("user_high_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_direct_key" ON "chats" USING btree ("user_low_id","user_high_id");--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_direct_pair_ordered" CHECK ("chats"."user_low_id" < "chats"."user_high_id");