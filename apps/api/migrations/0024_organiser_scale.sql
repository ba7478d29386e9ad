DROP INDEX "bookings_event_idx";--> statement-breakpoint
CREATE INDEX "booking_lines_type_idx" ON "booking_lines" USING btree ("ticket_type_id","booking_id","quantity","no_of_persons","name","id");--> statement-breakpoint
CREATE INDEX "e_tickets_live_name_idx" ON "e_tickets" USING btree ("event_id",lower("holder_name"),"id","holder_name") WHERE "e_tickets"."reissued_at" IS NULL;--> statement-breakpoint
CREATE INDEX "bookings_event_idx" ON "bookings" USING btree ("event_id","status","currency","total_minor");