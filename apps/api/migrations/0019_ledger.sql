CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"organisation_id" integer,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_currency_check" CHECK ("ledger_accounts"."currency" IN ('USD', 'KES')),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" = 'organiser') = ("ledger_accounts"."organisation_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_minor" <> 0),
	CONSTRAINT "ledger_entries_currency_check" CHECK ("ledger_entries"."currency" IN ('USD', 'KES'))
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"cause_key" text NOT NULL,
	"organisation_id" integer,
	"event_id" integer,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" IN ('sale', 'refund', 'payout', 'payout_returned', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "organisation_fees" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"percent_basis_points" integer NOT NULL,
	"fixed_kes_minor" integer,
	"fixed_usd_minor" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_fees_range_check" CHECK ("organisation_fees"."percent_basis_points" BETWEEN 0 AND 5000 AND coalesce("organisation_fees"."fixed_kes_minor", 0) >= 0 AND coalesce("organisation_fees"."fixed_usd_minor", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "service_fee" text DEFAULT 'absorb' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "service_fee_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "service_fee_vat_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "service_fee_passed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_fees" ADD CONSTRAINT "organisation_fees_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_key" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ledger_accounts_organisation_idx" ON "ledger_accounts" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_cause_key" ON "ledger_transactions" USING btree ("cause_key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_organisation_idx" ON "ledger_transactions" USING btree ("organisation_id","created_at");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_service_fee_check" CHECK ("events"."service_fee" IN ('absorb', 'pass'));--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_fee_check" CHECK ("booking_lines"."service_fee_minor" >= 0 AND "booking_lines"."service_fee_vat_minor" >= 0);--> statement-breakpoint
-- The ledger is append-only (docs/decisions/0030-ledger.md): no entry or transaction is ever
-- changed or removed, whatever the caller; a correction is a new transaction.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'TK403';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update_or_delete BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_update_or_delete BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON "ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
-- Every transaction balances: after each INSERT into the entries, every transaction it touched
-- adds up to 0 in each currency (a statement trigger, once per statement: a transaction's lines
-- are written in one statement, and nothing added later may unbalance it).
CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  off record;
BEGIN
  SELECT e.transaction_id, e.currency INTO off FROM ledger_entries e
   WHERE e.transaction_id IN (SELECT DISTINCT n.transaction_id FROM new_entries n)
   GROUP BY e.transaction_id, e.currency HAVING sum(e.amount_minor::bigint) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not balance in %', off.transaction_id, off.currency USING ERRCODE = 'TK409';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_balanced AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_transaction_balanced();
