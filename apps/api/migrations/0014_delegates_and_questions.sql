-- Delegates and questions (docs/product.md#delegates-and-questions): the event's name rule and
-- lock hours, its questions, one delegate row per ticket with the answers and the history of
-- changes, and re-issued e-tickets (docs/decisions/0025-rename-reissues-the-code.md): a renamed
-- ticket gets a new e-ticket row (a new id, so a new code) and the old row is kept, marked
-- `reissued_at`, so the door refuses its code; one live row per ticket (line, place).
CREATE TABLE "attendee_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"attendee_id" integer NOT NULL,
	"changed_by" text NOT NULL,
	"account_id" integer,
	"by_name" text NOT NULL,
	"from_name" text NOT NULL,
	"from_email" text,
	"to_name" text NOT NULL,
	"to_email" text,
	"reissued" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendee_changes_by_check" CHECK ("attendee_changes"."changed_by" IN ('buyer', 'organiser'))
);
--> statement-breakpoint
CREATE TABLE "booking_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"attendee_id" integer,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_attendees" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"booking_line_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"full_name" text NOT NULL,
	"email" text,
	"msisdn" text,
	"company" text,
	"job_title" text,
	"named" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_attendees_seq_check" CHECK ("booking_attendees"."seq" > 0)
);
--> statement-breakpoint
CREATE TABLE "event_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"scope" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ticket_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_questions_kind_check" CHECK ("event_questions"."kind" IN ('text', 'long_text', 'single_choice', 'multi_choice', 'checkbox', 'email', 'phone', 'number', 'date')),
	CONSTRAINT "event_questions_scope_check" CHECK ("event_questions"."scope" IN ('order', 'attendee')),
	CONSTRAINT "event_questions_options_check" CHECK (jsonb_typeof("event_questions"."options") = 'array')
);
--> statement-breakpoint
DROP INDEX "e_tickets_line_seq_key";--> statement-breakpoint
DROP INDEX "e_tickets_live_event_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "attendee_names" text DEFAULT 'later' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "changes_lock_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "e_tickets" ADD COLUMN "reissued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD COLUMN "cc" text;--> statement-breakpoint
ALTER TABLE "attendee_changes" ADD CONSTRAINT "attendee_changes_attendee_id_booking_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."booking_attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_changes" ADD CONSTRAINT "attendee_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_answers" ADD CONSTRAINT "booking_answers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_answers" ADD CONSTRAINT "booking_answers_question_id_event_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."event_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_answers" ADD CONSTRAINT "booking_answers_attendee_id_booking_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."booking_attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_attendees" ADD CONSTRAINT "booking_attendees_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_attendees" ADD CONSTRAINT "booking_attendees_booking_line_id_booking_lines_id_fk" FOREIGN KEY ("booking_line_id") REFERENCES "public"."booking_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_questions" ADD CONSTRAINT "event_questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendee_changes_attendee_idx" ON "attendee_changes" USING btree ("attendee_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_answers_order_key" ON "booking_answers" USING btree ("booking_id","question_id") WHERE "booking_answers"."attendee_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_answers_attendee_key" ON "booking_answers" USING btree ("attendee_id","question_id") WHERE "booking_answers"."attendee_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "booking_answers_question_idx" ON "booking_answers" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_attendees_line_seq_key" ON "booking_attendees" USING btree ("booking_line_id","seq");--> statement-breakpoint
CREATE INDEX "booking_attendees_booking_idx" ON "booking_attendees" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "event_questions_event_idx" ON "event_questions" USING btree ("event_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "e_tickets_line_seq_live_key" ON "e_tickets" USING btree ("booking_line_id","seq") WHERE "e_tickets"."reissued_at" IS NULL;--> statement-breakpoint
CREATE INDEX "e_tickets_live_event_idx" ON "e_tickets" USING btree ("event_id","booking_id","id","admits") WHERE "e_tickets"."revoked_at" IS NULL AND "e_tickets"."reissued_at" IS NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_attendee_names_check" CHECK ("events"."attendee_names" IN ('at_checkout', 'later'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_changes_lock_hours_check" CHECK ("events"."changes_lock_hours" BETWEEN 0 AND 168);