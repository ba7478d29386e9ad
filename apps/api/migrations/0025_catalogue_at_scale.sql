-- The catalogue search's trigram index (docs/decisions/0034-catalogue-at-scale.md); the embedded database loads pg_trgm too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "listed_event_ends" (
	"category_id" integer NOT NULL,
	"end_day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "listed_event_ends_category_id_end_day_pk" PRIMARY KEY("category_id","end_day")
);
--> statement-breakpoint
DROP INDEX "events_public_idx";--> statement-breakpoint
CREATE INDEX "events_listed_idx" ON "events" USING btree ("start_time","id","end_time","organisation_id") WHERE "events"."status" = 1;--> statement-breakpoint
CREATE INDEX "events_listed_category_idx" ON "events" USING btree ("category_id","start_time","id","end_time","organisation_id") WHERE "events"."status" = 1;--> statement-breakpoint
CREATE INDEX "events_listed_duration_idx" ON "events" USING btree (("end_time" - "start_time")) WHERE "events"."status" = 1;--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin (("title" || ' ' || "short_description" || ' ' || "full_description" || ' ' || "location") gin_trgm_ops) WITH (fastupdate=false) WHERE "events"."status" = 1;--> statement-breakpoint
-- The public lists' counts without dates (docs/decisions/0034-catalogue-at-scale.md): published
-- events of organisers not suspended, by category (0: every category, the home list) and the UTC
-- day they end, kept here by the triggers below. A day whose count falls to 0 goes, so the table
-- holds exactly the days with listed events.
CREATE FUNCTION listed_event_ends_add(category integer, day date, delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO listed_event_ends (category_id, end_day, n) VALUES (0, day, delta), (category, day, delta)
  ON CONFLICT (category_id, end_day) DO UPDATE SET n = listed_event_ends.n + EXCLUDED.n;
  DELETE FROM listed_event_ends WHERE category_id IN (0, category) AND end_day = day AND n = 0;
$$;--> statement-breakpoint
CREATE FUNCTION listed_event_ends_of_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 1
     AND NOT EXISTS (SELECT 1 FROM organisations o WHERE o.id = OLD.organisation_id AND o.suspended_at IS NOT NULL) THEN
    PERFORM listed_event_ends_add(OLD.category_id, (OLD.end_time AT TIME ZONE 'UTC')::date, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 1
     AND NOT EXISTS (SELECT 1 FROM organisations o WHERE o.id = NEW.organisation_id AND o.suspended_at IS NOT NULL) THEN
    PERFORM listed_event_ends_add(NEW.category_id, (NEW.end_time AT TIME ZONE 'UTC')::date, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER events_listed_event_ends
  AFTER INSERT OR DELETE OR UPDATE OF status, end_time, organisation_id, category_id ON events
  FOR EACH ROW EXECUTE FUNCTION listed_event_ends_of_event();--> statement-breakpoint
-- A suspension hides an organiser's events from the lists; lifting it shows them again. A
-- suspended organisation's deletion first counts its events back, as the cascade that deletes
-- them counts them out (the organisation is no longer there to say it was suspended).
CREATE FUNCTION listed_event_ends_of_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.suspended_at IS NULL THEN RETURN OLD; END IF;
    delta := 1;
  ELSIF (OLD.suspended_at IS NULL) = (NEW.suspended_at IS NULL) THEN
    RETURN NEW;
  ELSE
    delta := CASE WHEN NEW.suspended_at IS NULL THEN 1 ELSE -1 END;
  END IF;
  PERFORM listed_event_ends_add(d.category_id, d.day, delta * d.n)
     FROM (SELECT e.category_id, (e.end_time AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
             FROM events e WHERE e.organisation_id = OLD.id AND e.status = 1 GROUP BY 1, 2) d;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER organisations_listed_event_ends BEFORE DELETE OR UPDATE OF suspended_at ON organisations
  FOR EACH ROW EXECUTE FUNCTION listed_event_ends_of_organisation();--> statement-breakpoint
INSERT INTO listed_event_ends (category_id, end_day, n)
SELECT c, day, count(*)::int
  FROM (SELECT e.category_id, (e.end_time AT TIME ZONE 'UTC')::date AS day
          FROM events e
         WHERE e.status = 1
           AND NOT EXISTS (SELECT 1 FROM organisations o WHERE o.id = e.organisation_id AND o.suspended_at IS NOT NULL)) listed,
       LATERAL (VALUES (0), (listed.category_id)) AS k(c)
 GROUP BY c, day;
