CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"account_id" integer,
	"organisation_id" integer,
	"granted" boolean NOT NULL,
	"wording" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_source_check" CHECK ("consents"."source" IN ('checkout', 'account', 'link'))
);
--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_action_known";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "personal_data_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_email_idx" ON "consents" USING btree ("email","id");--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_action_known" CHECK ("audit_entries"."action" IN ('account.signed_in', 'account.password_changed', 'account.password_reset', 'account.sessions_ended', 'account.totp_enabled', 'account.totp_disabled', 'team.invited', 'team.invite_resent', 'team.role_changed', 'team.removed', 'booking.refunded', 'booking.payment_recorded', 'booking.payment_assigned', 'organisation.tax_profile_updated', 'booking.cancelled_by_buyer', 'event.published', 'event.unpublished', 'event.cancelled', 'export.orders', 'export.attendees', 'certificate.issued', 'certificate.reissued', 'certificate.revoked', 'export.certificates', 'export.badges'));