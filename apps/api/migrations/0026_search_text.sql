DROP INDEX "events_search_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("events"."title" || ' ' || "events"."short_description" || ' ' || "events"."full_description" || ' ' || "events"."location")) STORED;--> statement-breakpoint
CREATE INDEX "organisations_suspended_idx" ON "organisations" USING btree ("id") WHERE "organisations"."suspended_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "events_search_text_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "events"."status" = 1;