ALTER TABLE "events" DROP CONSTRAINT "events_status_check";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_error" text;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_status_check" CHECK ("events"."status" IN (1, 2, 3));