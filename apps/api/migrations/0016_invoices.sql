CREATE TABLE "booking_companies" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kra_pin" text NOT NULL,
	"address" text,
	"po_number" text,
	CONSTRAINT "booking_companies_kra_pin_check" CHECK ("booking_companies"."kra_pin" ~ '^[A-Z][0-9]{9}[A-Z]$')
);
--> statement-breakpoint
CREATE TABLE "c2b_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"trans_id" text NOT NULL,
	"shortcode" text NOT NULL,
	"account" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text DEFAULT 'KES' NOT NULL,
	"msisdn" text,
	"payer_name" text,
	"trans_time" text,
	"organisation_id" integer,
	"booking_id" integer,
	"reason" text,
	"assigned_at" timestamp with time zone,
	"assigned_by" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "c2b_payments_amount_check" CHECK ("c2b_payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"organisation_id" integer NOT NULL,
	"sequence" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_organisation_id_sequence_year_pk" PRIMARY KEY("organisation_id","sequence","year"),
	CONSTRAINT "document_counters_sequence_check" CHECK ("document_counters"."sequence" IN ('invoice', 'credit_note')),
	CONSTRAINT "document_counters_last_check" CHECK ("document_counters"."last" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_bookings" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"reference" text NOT NULL,
	"currency" text NOT NULL,
	"total_minor" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"proforma" jsonb NOT NULL,
	"released_at" timestamp with time zone,
	"covered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_bookings_total_check" CHECK ("invoice_bookings"."total_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount_minor" > 0),
	CONSTRAINT "invoice_payments_method_check" CHECK ("invoice_payments"."method" IN ('bank', 'cheque', 'mpesa'))
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"booking_reference" text NOT NULL,
	"event_id" integer NOT NULL,
	"refers_to_id" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text NOT NULL,
	"total_minor" integer NOT NULL,
	"vat_minor" integer NOT NULL,
	"content" jsonb NOT NULL,
	"transmission" text DEFAULT 'not_transmitted' NOT NULL,
	"transmission_ref" text,
	CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" IN ('invoice', 'receipt', 'credit_note')),
	CONSTRAINT "tax_documents_transmission_check" CHECK ("tax_documents"."transmission" IN ('not_transmitted', 'transmitted', 'failed')),
	CONSTRAINT "tax_documents_amounts_check" CHECK ("tax_documents"."total_minor" >= 0 AND "tax_documents"."vat_minor" >= 0 AND "tax_documents"."vat_minor" <= "tax_documents"."total_minor")
);
--> statement-breakpoint
CREATE TABLE "tax_profiles" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"kra_pin" text NOT NULL,
	"physical_address" text NOT NULL,
	"vat_registered" boolean NOT NULL,
	"invoice_prefix" text DEFAULT 'INV' NOT NULL,
	"bank_name" text,
	"bank_branch" text,
	"bank_account_name" text,
	"bank_account_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_profiles_kra_pin_check" CHECK ("tax_profiles"."kra_pin" ~ '^[A-Z][0-9]{9}[A-Z]$'),
	CONSTRAINT "tax_profiles_prefix_check" CHECK ("tax_profiles"."invoice_prefix" ~ '^[A-Z][A-Z0-9]{0,9}$')
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_action_known";--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_target_type_known";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "invoice_payment_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_companies" ADD CONSTRAINT "booking_companies_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2b_payments" ADD CONSTRAINT "c2b_payments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2b_payments" ADD CONSTRAINT "c2b_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2b_payments" ADD CONSTRAINT "c2b_payments_assigned_by_accounts_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_bookings" ADD CONSTRAINT "invoice_bookings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_bookings" ADD CONSTRAINT "invoice_bookings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_booking_id_invoice_bookings_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."invoice_bookings"("booking_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_accounts_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_profiles" ADD CONSTRAINT "tax_profiles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "c2b_payments_trans_id_key" ON "c2b_payments" USING btree ("trans_id");--> statement-breakpoint
CREATE INDEX "c2b_payments_organisation_idx" ON "c2b_payments" USING btree ("organisation_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_bookings_reference_key" ON "invoice_bookings" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "invoice_bookings_organisation_idx" ON "invoice_bookings" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_booking_idx" ON "invoice_payments" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_key" ON "tax_documents" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_invoice_key" ON "tax_documents" USING btree ("booking_id") WHERE "tax_documents"."kind" IN ('invoice', 'receipt');--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_credit_note_key" ON "tax_documents" USING btree ("refers_to_id") WHERE "tax_documents"."kind" = 'credit_note';--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("organisation_id","issued_at");--> statement-breakpoint
CREATE INDEX "tax_documents_booking_reference_idx" ON "tax_documents" USING btree ("booking_reference");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_invoice_payment_days_check" CHECK ("events"."invoice_payment_days" BETWEEN 0 AND 14);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" IN (1, 2, 3, 4, 5, 6));--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_action_known" CHECK ("audit_entries"."action" IN ('account.signed_in', 'account.password_changed', 'account.password_reset', 'account.sessions_ended', 'account.totp_enabled', 'account.totp_disabled', 'team.invited', 'team.invite_resent', 'team.role_changed', 'team.removed', 'booking.refunded', 'booking.payment_recorded', 'booking.payment_assigned', 'organisation.tax_profile_updated', 'event.published', 'event.unpublished', 'event.cancelled', 'export.orders', 'export.attendees'));--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_target_type_known" CHECK ("audit_entries"."target_type" IS NULL OR "audit_entries"."target_type" IN ('account', 'booking', 'event', 'organisation'));