CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" IN ('queued', 'running', 'done', 'dead')),
	CONSTRAINT "jobs_attempts_check" CHECK ("jobs"."attempts" >= 0 AND "jobs"."max_attempts" >= 1)
);
--> statement-breakpoint
-- Mail still waiting in the old outbox becomes mail.send jobs, so the upgrade loses none.
INSERT INTO "jobs" ("kind", "payload", "attempts", "max_attempts", "run_at", "last_error", "created_at")
SELECT 'mail.send',
       jsonb_strip_nulls(jsonb_build_object('to', "to", 'subject', "subject", 'text', "text", 'html', "html", 'attachments', "attachments")),
       "attempts", GREATEST(8, "attempts" + 1), CASE WHEN "status" = 'sending' THEN now() ELSE "next_attempt_at" END,
       "last_error", "created_at"
  FROM "mail_outbox" WHERE "status" IN ('queued', 'sending') ORDER BY "id";--> statement-breakpoint
DROP TABLE "mail_outbox" CASCADE;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."state" IN ('done', 'dead');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_dedupe_key_key" ON "jobs" USING btree ("kind","dedupe_key");