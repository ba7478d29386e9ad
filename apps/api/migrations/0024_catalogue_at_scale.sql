-- The catalogue search's trigram index (docs/decisions/0033-catalogue-at-scale.md); the embedded database loads pg_trgm too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "events_public_idx";--> statement-breakpoint
CREATE INDEX "events_listed_idx" ON "events" USING btree ("start_time","id","end_time","organisation_id") WHERE "events"."status" = 1;--> statement-breakpoint
CREATE INDEX "events_listed_category_idx" ON "events" USING btree ("category_id","start_time","id","end_time","organisation_id") WHERE "events"."status" = 1;--> statement-breakpoint
CREATE INDEX "events_listed_duration_idx" ON "events" USING btree (("end_time" - "start_time")) WHERE "events"."status" = 1;--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin (("title" || ' ' || "short_description" || ' ' || "full_description" || ' ' || "location") gin_trgm_ops) WITH (fastupdate=false) WHERE "events"."status" = 1;