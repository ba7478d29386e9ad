ALTER TABLE "bookings" ADD COLUMN "booking_code" text;--> statement-breakpoint
ALTER TABLE "e_tickets" ADD COLUMN "seq" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "e_tickets" ADD COLUMN "admits" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "e_tickets" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "e_tickets_line_seq_key" ON "e_tickets" USING btree ("booking_line_id","seq");--> statement-breakpoint
ALTER TABLE "e_tickets" ADD CONSTRAINT "e_tickets_seq_check" CHECK ("e_tickets"."seq" > 0);--> statement-breakpoint
ALTER TABLE "e_tickets" ADD CONSTRAINT "e_tickets_admits_check" CHECK ("e_tickets"."admits" > 0);