DROP INDEX "connections_addressee_idx";--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "requester_sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "addressee_sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "connections_requester_list_idx" ON "connections" USING btree ("requester_id","status","addressee_sort_name","created_at" DESC NULLS LAST,"addressee_id");--> statement-breakpoint
CREATE INDEX "connections_addressee_list_idx" ON "connections" USING btree ("addressee_id","status","requester_sort_name","created_at" DESC NULLS LAST,"requester_id");--> statement-breakpoint
-- Issue 17: a person's contacts are listed by the other's lower(first || ' ' || last name). Each connection keeps
-- both sides' sort names, so connections_*_list_idx give a page in order without joining and sorting all of them.
CREATE OR REPLACE FUNCTION contact_sort_name(first_name text, last_name text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$ SELECT lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION connections_sort_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT contact_sort_name(u.first_name, u.last_name) INTO NEW.requester_sort_name FROM users u WHERE u.id = NEW.requester_id;
  SELECT contact_sort_name(u.first_name, u.last_name) INTO NEW.addressee_sort_name FROM users u WHERE u.id = NEW.addressee_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER connections_sort_names BEFORE INSERT OR UPDATE OF requester_id, addressee_id, requester_sort_name, addressee_sort_name
  ON connections FOR EACH ROW EXECUTE FUNCTION connections_sort_names();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_contact_sort_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE connections SET requester_sort_name = '' WHERE requester_id = NEW.id;
  UPDATE connections SET addressee_sort_name = '' WHERE addressee_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_contact_sort_names AFTER UPDATE OF first_name, last_name ON users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION users_contact_sort_names();
--> statement-breakpoint
UPDATE connections SET requester_sort_name = '';
