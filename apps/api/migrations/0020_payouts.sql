CREATE TABLE "payout_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"msisdn" text,
	"shortcode" text,
	"account" text,
	"bank" text,
	"branch" text,
	"account_name" text,
	"account_number" text,
	"set_at" timestamp with time zone NOT NULL,
	"set_by_account_id" integer,
	"set_by_name" text NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_methods_type_known" CHECK ("payout_methods"."type" IN ('mpesa_b2c', 'mpesa_b2b', 'bank')),
	CONSTRAINT "payout_methods_fields" CHECK (("payout_methods"."type" = 'mpesa_b2c' AND "payout_methods"."msisdn" IS NOT NULL)
        OR ("payout_methods"."type" = 'mpesa_b2b' AND "payout_methods"."shortcode" IS NOT NULL)
        OR ("payout_methods"."type" = 'bank' AND "payout_methods"."bank" IS NOT NULL AND "payout_methods"."account_number" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"auto_approve_below_kes" bigint,
	"auto_approve_below_usd" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_settings_one_row" CHECK ("payout_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"method_type" text NOT NULL,
	"msisdn" text,
	"shortcode" text,
	"account" text,
	"bank" text,
	"branch" text,
	"account_name" text,
	"account_number" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by_account_id" integer,
	"requested_by_name" text NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_name" text,
	"reason" text,
	"receipt" text,
	"paid_at" timestamp with time zone,
	"batch_id" integer,
	"originator_conversation_id" text,
	"conversation_id" text,
	"sent_at" timestamp with time zone,
	"status_query_id" text,
	"status_queried_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_minor" > 0),
	CONSTRAINT "payouts_status_known" CHECK ("payouts"."status" IN ('requested', 'approved', 'sending', 'in_batch', 'paid', 'failed', 'rejected')),
	CONSTRAINT "payouts_currency_known" CHECK ("payouts"."currency" IN ('KES', 'USD')),
	CONSTRAINT "payouts_mpesa_kes" CHECK ("payouts"."method_type" = 'bank' OR "payouts"."currency" = 'KES')
);
--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_action_known";--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_target_type_known";--> statement-breakpoint
ALTER TABLE "audit_entries" ALTER COLUMN "organisation_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_organisation_idx" ON "payouts" USING btree ("organisation_id","requested_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_originator_key" ON "payouts" USING btree ("originator_conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_status_query_key" ON "payouts" USING btree ("status_query_id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_operator_has_no_org" CHECK ("accounts"."type" <> 'operator' OR "accounts"."organisation_id" IS NULL);--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_action_known" CHECK ("audit_entries"."action" IN ('account.signed_in', 'account.password_changed', 'account.password_reset', 'account.sessions_ended', 'account.totp_enabled', 'account.totp_disabled', 'team.invited', 'team.invite_resent', 'team.role_changed', 'team.removed', 'booking.refunded', 'booking.payment_recorded', 'booking.payment_assigned', 'organisation.tax_profile_updated', 'booking.cancelled_by_buyer', 'event.published', 'event.unpublished', 'event.cancelled', 'export.orders', 'export.attendees', 'certificate.issued', 'certificate.reissued', 'certificate.revoked', 'export.certificates', 'export.badges', 'payout.method_set', 'payout.requested', 'payout.approved', 'payout.rejected', 'payout.paid', 'payout.failed', 'payout.batch_created', 'operator.organisation_verified', 'operator.organisation_unverified', 'operator.organisation_suspended', 'operator.organisation_unsuspended', 'operator.fees_set', 'operator.adjustment', 'operator.settings_changed', 'operator.account_created'));--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_target_type_known" CHECK ("audit_entries"."target_type" IS NULL OR "audit_entries"."target_type" IN ('account', 'booking', 'event', 'organisation', 'payout', 'payout_batch'));