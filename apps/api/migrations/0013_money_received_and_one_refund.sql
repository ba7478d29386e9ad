ALTER TABLE "payments" ADD COLUMN "received_minor" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_currency" text;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_currency_check" CHECK ("events"."currency" IN ('USD', 'KES'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_currency_check" CHECK ("bookings"."currency" IN ('USD', 'KES'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_currency_check" CHECK ("payments"."currency" IN ('USD', 'KES'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_received_check" CHECK ("payments"."received_minor" >= 0);--> statement-breakpoint
-- One refund job for every cause (docs/decisions/0024-payment-amount-checked.md): the late-payment
-- refunds (checkout.refund) and the organisers' refunds (orders.refund) are one kind now.
UPDATE "jobs" SET "kind" = 'checkout.refund' WHERE "kind" = 'orders.refund';
