-- Issue 23, the approximate meeting point (docs/activities.md). A closed activity shows those who do not take
-- part an area of MEETING_AREA_RADIUS_METRES (500 m) whose centre is the start moved 150 to 350 m. The offset
-- is a keyed hash of the organiser and the ~1 km cell of the start: the same for every request, every date of
-- a series and every activity that organiser starts in that cell (so areas cannot be averaged), different for
-- anyone else (so knowing one exact point decodes nobody else's area). The key is made here, once, and never
-- leaves the database. The centre is kept in area_latitude/area_longitude by a trigger on every write.
CREATE TABLE "meeting_area_key" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "key" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "meeting_area_key" ("key") VALUES (gen_random_uuid()::text || gen_random_uuid()::text);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION activities_meeting_area() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  h text;
  bearing double precision;
  metres double precision;
BEGIN
  IF NEW.access = 'OPEN' THEN
    NEW.area_latitude := NEW.start_latitude;
    NEW.area_longitude := NEW.start_longitude;
    RETURN NEW;
  END IF;
  h := md5((SELECT "key" FROM meeting_area_key) || ':' || coalesce(NEW.created_by::text, NEW.id::text) || ':'
    || floor(NEW.start_latitude * 100)::text || ':' || floor(NEW.start_longitude * 100)::text);
  bearing := ('x' || substr(h, 1, 8))::bit(32)::bigint / 4294967296.0 * 2 * pi();
  metres := 150 + ('x' || substr(h, 9, 8))::bit(32)::bigint / 4294967296.0 * 200;
  NEW.area_latitude := NEW.start_latitude + metres * cos(bearing) / 111320.0;
  NEW.area_longitude := NEW.start_longitude + metres * sin(bearing) / (111320.0 * cos(radians(NEW.start_latitude)));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activities_meeting_area BEFORE INSERT OR UPDATE OF start_latitude, start_longitude, access, area_latitude, area_longitude
  ON activities FOR EACH ROW EXECUTE FUNCTION activities_meeting_area();
--> statement-breakpoint
UPDATE activities SET area_latitude = NULL;
--> statement-breakpoint
-- A series' dates are made from its template (a row as JSON): older templates learn the new setting's default.
UPDATE activity_series SET template = template || '{"participants_public": false}'::jsonb
  WHERE NOT template ? 'participants_public';
