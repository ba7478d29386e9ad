CREATE TABLE "attendee_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"ticket_type_id" integer,
	"channels" text[] NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendee_messages_audience_check" CHECK ("attendee_messages"."audience" IN ('everyone', 'ticket_type', 'checked_in', 'not_checked_in', 'awaiting_payment')),
	CONSTRAINT "attendee_messages_purpose_check" CHECK ("attendee_messages"."purpose" IN ('operational', 'marketing')),
	CONSTRAINT "attendee_messages_status_check" CHECK ("attendee_messages"."status" IN ('scheduled', 'sending', 'sent')),
	CONSTRAINT "attendee_messages_ticket_type_check" CHECK (("attendee_messages"."audience" = 'ticket_type') = ("attendee_messages"."ticket_type_id" IS NOT NULL)),
	CONSTRAINT "attendee_messages_channels_check" CHECK (cardinality("attendee_messages"."channels") BETWEEN 1 AND 2 AND "attendee_messages"."channels" <@ ARRAY['mail', 'sms']::text[])
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"name" text NOT NULL,
	"booking_id" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_recipients_channel_check" CHECK ("message_recipients"."channel" IN ('mail', 'sms')),
	CONSTRAINT "message_recipients_state_check" CHECK ("message_recipients"."state" IN ('queued', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "message_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_sms" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"from" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"ordering_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_code" integer,
	"error" text,
	"locked_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" IN ('pending', 'retrying', 'succeeded', 'failed')),
	CONSTRAINT "webhook_deliveries_type_check" CHECK ("webhook_deliveries"."type" IN ('booking.paid', 'booking.refunded', 'booking.cancelled', 'attendee.updated', 'attendee.checked_in', 'event.cancelled'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"secret_sealed" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_status_check" CHECK ("webhook_endpoints"."status" IN ('active', 'disabled')),
	CONSTRAINT "webhook_endpoints_events_check" CHECK (cardinality("webhook_endpoints"."events") >= 1 AND "webhook_endpoints"."events" <@ ARRAY['booking.paid', 'booking.refunded', 'booking.cancelled', 'attendee.updated', 'attendee.checked_in', 'event.cancelled']::text[])
);
--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_action_known";--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_target_type_known";--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "logo_media_id" integer;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_logo_media_id_media_id_fk" FOREIGN KEY ("logo_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The organiser page's slug (docs/product.md#organiser-page): the contract's slugify (packages/contract/src/slug.ts)
-- of the display name, 'organiser' when nothing is left of it, then -2, -3, … until no other organisation has it.
-- The advisory lock makes two registrations of the same name take turns instead of colliding on the unique index.
CREATE FUNCTION organisation_slug(name text, own_id integer) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  base text;
  candidate text;
  n integer := 1;
BEGIN
  base := lower(name);
  base := regexp_replace(base, '\s+', '-', 'g');
  base := regexp_replace(base, '[^a-z0-9_-]+', '', 'g');
  base := regexp_replace(base, '-{2,}', '-', 'g');
  base := regexp_replace(base, '^-+|-+$', '', 'g');
  IF base = '' THEN base := 'organiser'; END IF;
  base := left(base, 100);
  PERFORM pg_advisory_xact_lock(hashtext('organisation-slug:' || base));
  candidate := base;
  WHILE EXISTS (SELECT 1 FROM organisations WHERE slug = candidate AND id IS DISTINCT FROM own_id) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END $$;--> statement-breakpoint
CREATE FUNCTION organisations_fill_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slug IS NULL OR NEW.slug = '' THEN
    NEW.slug := organisation_slug(NEW.display_name, NEW.id);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER organisations_fill_slug BEFORE INSERT ON organisations FOR EACH ROW EXECUTE FUNCTION organisations_fill_slug();--> statement-breakpoint
DO $$
DECLARE o record;
BEGIN
  FOR o IN SELECT id, display_name FROM organisations ORDER BY id LOOP
    UPDATE organisations SET slug = organisation_slug(o.display_name, o.id) WHERE id = o.id;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tickets_by_sms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attendee_messages" ADD CONSTRAINT "attendee_messages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_messages" ADD CONSTRAINT "attendee_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_messages" ADD CONSTRAINT "attendee_messages_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_attendee_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."attendee_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_stops" ADD CONSTRAINT "message_stops_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendee_messages_event_idx" ON "attendee_messages" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_recipients_once_key" ON "message_recipients" USING btree ("message_id","channel","address");--> statement-breakpoint
CREATE UNIQUE INDEX "message_stops_key" ON "message_stops" USING btree ("organisation_id","address");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_chain_idx" ON "webhook_deliveries" USING btree ("endpoint_id","ordering_key","id") WHERE "webhook_deliveries"."status" IN ('pending', 'retrying');--> statement-breakpoint
CREATE INDEX "webhook_endpoints_organisation_idx" ON "webhook_endpoints" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_slug_key" ON "organisations" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_slug_check" CHECK ("organisations"."slug" ~ '^[a-z0-9_-]+$');--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_action_known" CHECK ("audit_entries"."action" IN ('account.signed_in', 'account.password_changed', 'account.password_reset', 'account.sessions_ended', 'account.totp_enabled', 'account.totp_disabled', 'team.invited', 'team.invite_resent', 'team.role_changed', 'team.removed', 'booking.refunded', 'booking.payment_recorded', 'booking.payment_assigned', 'organisation.tax_profile_updated', 'booking.cancelled_by_buyer', 'event.published', 'event.unpublished', 'event.cancelled', 'export.orders', 'export.attendees', 'certificate.issued', 'certificate.reissued', 'certificate.revoked', 'export.certificates', 'export.badges', 'message.sent', 'webhook.created', 'webhook.deleted', 'webhook.enabled'));--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_target_type_known" CHECK ("audit_entries"."target_type" IS NULL OR "audit_entries"."target_type" IN ('account', 'booking', 'event', 'organisation', 'webhook'));