CREATE TABLE "badge_prints" (
	"e_ticket_id" integer PRIMARY KEY NOT NULL,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"printed_by" integer
);
--> statement-breakpoint
CREATE TABLE "certificate_settings" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"cpd_half_points" integer DEFAULT 0 NOT NULL,
	"accrediting_body" text,
	"signatory_name" text,
	"signatory_title" text,
	"min_days" integer DEFAULT 1 NOT NULL,
	"auto_issued_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_settings_points_check" CHECK ("certificate_settings"."cpd_half_points" BETWEEN 0 AND 200),
	CONSTRAINT "certificate_settings_min_days_check" CHECK ("certificate_settings"."min_days" BETWEEN 1 AND 31)
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"e_ticket_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"holder_name" text NOT NULL,
	"company" text,
	"email" text NOT NULL,
	"cpd_half_points" integer NOT NULL,
	"source" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" integer,
	"revoked_at" timestamp with time zone,
	"replaced_by" integer,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "certificates_source_check" CHECK ("certificates"."source" IN ('auto', 'manual', 'reissue')),
	CONSTRAINT "certificates_seq_check" CHECK ("certificates"."seq" > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_action_known";--> statement-breakpoint
ALTER TABLE "badge_prints" ADD CONSTRAINT "badge_prints_e_ticket_id_e_tickets_id_fk" FOREIGN KEY ("e_ticket_id") REFERENCES "public"."e_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_prints" ADD CONSTRAINT "badge_prints_printed_by_accounts_id_fk" FOREIGN KEY ("printed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_settings" ADD CONSTRAINT "certificate_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_e_ticket_id_e_tickets_id_fk" FOREIGN KEY ("e_ticket_id") REFERENCES "public"."e_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_accounts_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number_key" ON "certificates" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_event_seq_key" ON "certificates" USING btree ("event_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_live_ticket_key" ON "certificates" USING btree ("e_ticket_id") WHERE "certificates"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "certificates_ticket_idx" ON "certificates" USING btree ("e_ticket_id");--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_action_known" CHECK ("audit_entries"."action" IN ('account.signed_in', 'account.password_changed', 'account.password_reset', 'account.sessions_ended', 'account.totp_enabled', 'account.totp_disabled', 'team.invited', 'team.invite_resent', 'team.role_changed', 'team.removed', 'booking.refunded', 'event.published', 'event.unpublished', 'event.cancelled', 'export.orders', 'export.attendees', 'certificate.issued', 'certificate.reissued', 'certificate.revoked', 'export.certificates', 'export.badges'));