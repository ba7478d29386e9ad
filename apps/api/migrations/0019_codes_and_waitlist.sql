CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_minor" integer,
	"ticket_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"max_uses" integer,
	"max_per_booking" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_check" CHECK ("discount_codes"."code" ~ '^[A-Z0-9-]{3,30}$'),
	CONSTRAINT "discount_codes_used_check" CHECK ("discount_codes"."used" >= 0 AND ("discount_codes"."max_uses" IS NULL OR "discount_codes"."used" <= "discount_codes"."max_uses")),
	CONSTRAINT "discount_codes_percent_check" CHECK ("discount_codes"."percent_off" IS NULL OR "discount_codes"."percent_off" BETWEEN 1 AND 100),
	CONSTRAINT "discount_codes_amount_check" CHECK ("discount_codes"."amount_off_minor" IS NULL OR "discount_codes"."amount_off_minor" > 0),
	CONSTRAINT "discount_codes_one_discount_check" CHECK ("discount_codes"."percent_off" IS NULL OR "discount_codes"."amount_off_minor" IS NULL),
	CONSTRAINT "discount_codes_discount_kind_check" CHECK ("discount_codes"."kind" <> 'discount' OR "discount_codes"."percent_off" IS NOT NULL OR "discount_codes"."amount_off_minor" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"ticket_type_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"msisdn" text,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"leave_token_hash" text NOT NULL,
	"offer_token_hash" text,
	"offer_expires_at" timestamp with time zone,
	"offers_sent" integer DEFAULT 0 NOT NULL,
	"booking_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_quantity_check" CHECK ("waitlist_entries"."quantity" > 0),
	CONSTRAINT "waitlist_entries_offer_check" CHECK ("waitlist_entries"."status" <> 'offered' OR "waitlist_entries"."offer_expires_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_action_known";--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "waitlist_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "list_price_minor" integer;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "price_source" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "code_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "code_uses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_event_code_key" ON "discount_codes" USING btree ("event_id","code");--> statement-breakpoint
CREATE INDEX "discount_codes_event_idx" ON "discount_codes" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_type_idx" ON "waitlist_entries" USING btree ("ticket_type_id","status","id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_event_idx" ON "waitlist_entries" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_person_key" ON "waitlist_entries" USING btree ("ticket_type_id","email") WHERE "waitlist_entries"."status" IN ('waiting', 'offered');--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_leave_key" ON "waitlist_entries" USING btree ("leave_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_offer_key" ON "waitlist_entries" USING btree ("offer_token_hash") WHERE "waitlist_entries"."offer_token_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_discount_check" CHECK ("booking_lines"."discount_minor" >= 0 AND "booking_lines"."unit_price_minor" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_code_uses_check" CHECK ("bookings"."code_uses" >= 0);--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_action_known" CHECK ("audit_entries"."action" IN ('account.signed_in', 'account.password_changed', 'account.password_reset', 'account.sessions_ended', 'account.totp_enabled', 'account.totp_disabled', 'team.invited', 'team.invite_resent', 'team.role_changed', 'team.removed', 'booking.refunded', 'booking.payment_recorded', 'booking.payment_assigned', 'organisation.tax_profile_updated', 'booking.cancelled_by_buyer', 'event.published', 'event.unpublished', 'event.cancelled', 'export.orders', 'export.attendees', 'certificate.issued', 'certificate.reissued', 'certificate.revoked', 'export.certificates', 'export.badges', 'code.created', 'code.updated', 'code.deleted', 'waitlist.removed', 'waitlist.turned_off', 'waitlist.turned_on'));--> statement-breakpoint
-- book_tickets() of 0012 with codes, hidden types and waiting-list offers (docs/product.md#discount-codes,
-- docs/product.md#waiting-list; docs/decisions/0009-inventory.md). Same answer; `p` adds:
-- - per line `list_minor`, `unit_minor`, `discount_minor`, `source`: the service prices the lines
--   with the contract's `priceBooking` (one rounding everywhere); the call refuses (TK422) a line
--   whose list price is no longer the type's own, or a hidden type not in `revealed`;
-- - `code_id`, `code`, `code_uses`: the tickets the code discounts or unlocks, taken from its
--   `max_uses` with the seats, after them (the code row is locked after the ticket types, in
--   code-id order, so it is a hot row only until the commit); short: TK429 (detail: uses left);
-- - `offer_id`: a waiting-list entry holding seats for this buyer. Its seats count as released for
--   its type (like the buyer's own hold), so the booking takes them without touching the stock,
--   and the entry becomes `booked`. Entries are locked before the ticket types, as everywhere.
-- Seats of a type with people waiting are never sold to anyone else: they go to the list first.
CREATE OR REPLACE FUNCTION book_tickets(p jsonb)
RETURNS TABLE (booking_id integer, booking_reference text, total_minor integer, booking_currency text,
               expires_at timestamptz, is_existing boolean, existing_checkout_key_hash text, client_secret text)
LANGUAGE plpgsql AS $$
DECLARE
  ev record;
  ids integer[] := ARRAY(SELECT (l->>'id')::integer FROM jsonb_array_elements(p->'lines') l);
  qtys integer[] := ARRAY(SELECT (l->>'qty')::integer FROM jsonb_array_elements(p->'lines') l);
  lists integer[] := ARRAY(SELECT (l->>'list_minor')::integer FROM jsonb_array_elements(p->'lines') l);
  units integer[] := ARRAY(SELECT (l->>'unit_minor')::integer FROM jsonb_array_elements(p->'lines') l);
  offs integer[] := ARRAY(SELECT (l->>'discount_minor')::integer FROM jsonb_array_elements(p->'lines') l);
  sources text[] := ARRAY(SELECT l->>'source' FROM jsonb_array_elements(p->'lines') l);
  revealed integer[] := ARRAY(SELECT (x)::integer FROM jsonb_array_elements_text(coalesce(p->'revealed', '[]'::jsonb)) x);
  new_code integer := (p->>'code_id')::integer;
  new_uses integer := coalesce((p->>'code_uses')::integer, 0);
  offer_entry integer := (p->>'offer_id')::integer;
  offer_type integer;
  offer_qty integer;
  key_hash text := p->>'checkout_key_hash';
  buyer_account integer := (p->>'account_id')::integer;
  found_count integer;
  b record;
  prior record;
  has_prior boolean := false;
  gone integer[] := '{}';
  new_id integer;
  total bigint;
  line record;
  short record;
  secret text;
BEGIN
  SELECT e.id, e.currency, e.status, e.end_time INTO ev FROM events e WHERE e.id = (p->>'event_id')::integer;
  IF NOT FOUND OR ev.status <> 1 THEN
    RAISE EXCEPTION 'event not on sale' USING ERRCODE = 'TK404';
  END IF;
  IF ev.end_time <= now() THEN
    RAISE EXCEPTION 'event has ended' USING ERRCODE = 'TK410';
  END IF;
  -- Every line an open type of this event at its own list price (a hidden one only when the
  -- buyer's access code reveals it), and the total at the prices the buyer pays.
  SELECT count(*), sum(u.unit::bigint * u.q) INTO found_count, total
    FROM ticket_types t JOIN unnest(ids, qtys, lists, units) AS u(id, q, list, unit) ON t.id = u.id
   WHERE t.event_id = ev.id AND t.status = 1 AND t.price_minor = u.list AND u.unit BETWEEN 0 AND u.list
     AND (NOT t.hidden OR t.id = ANY(revealed));
  IF found_count <> cardinality(ids) THEN
    RAISE EXCEPTION 'ticket type not on sale' USING ERRCODE = 'TK422';
  END IF;

  IF offer_entry IS NOT NULL THEN
    SELECT w.ticket_type_id, w.quantity INTO offer_type, offer_qty FROM waitlist_entries w
     WHERE w.id = offer_entry AND w.event_id = ev.id AND w.status = 'offered' AND w.offer_expires_at > now()
       FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'offer ended' USING ERRCODE = 'TK408';
    END IF;
  END IF;

  FOR b IN
    SELECT x.id, x.reference, x.total_minor, x.currency, x.hold_expires_at, x.checkout_key_hash,
           x.dedupe_key = p->>'dedupe_key' AS same_lines,
           ((key_hash IS NOT NULL AND x.checkout_key_hash = key_hash)
             OR (buyer_account IS NOT NULL AND x.account_id = buyer_account)) AS same_checkout,
           ((key_hash IS NOT NULL AND x.checkout_key_hash = key_hash)
             OR (buyer_account IS NOT NULL
                 AND (x.account_id = buyer_account OR (x.account_id IS NULL AND x.email = p->>'email')))) AS own
      FROM bookings x
     WHERE x.event_id = ev.id AND x.status = 1
       AND (x.dedupe_key = p->>'dedupe_key'
            OR (key_hash IS NOT NULL AND x.checkout_key_hash = key_hash)
            OR (buyer_account IS NOT NULL
                AND (x.account_id = buyer_account OR (x.account_id IS NULL AND x.email = p->>'email'))))
     ORDER BY x.id
       FOR UPDATE OF x
  LOOP
    IF b.same_lines THEN
      prior := b;
      has_prior := true;
    END IF;
    IF b.own OR (b.same_lines AND b.hold_expires_at <= now()) THEN
      gone := gone || b.id;
    END IF;
  END LOOP;

  IF has_prior THEN
    IF prior.hold_expires_at > now() AND (prior.same_checkout OR NOT prior.own) THEN
      RETURN QUERY SELECT prior.id, prior.reference, prior.total_minor, prior.currency, prior.hold_expires_at, true,
        prior.checkout_key_hash,
        (SELECT pm.client_secret FROM payments pm WHERE pm.booking_id = prior.id ORDER BY pm.id DESC LIMIT 1);
      RETURN;
    END IF;
  END IF;

  IF cardinality(gone) > 0 THEN
    UPDATE bookings SET status = 3, updated_at = now() WHERE id = ANY(gone);
  END IF;

  INSERT INTO bookings (reference, event_id, account_id, checkout_key_hash, full_name, email, msisdn, currency,
                        total_minor, status, payment_method, hold_expires_at, dedupe_key, code_id, code, code_uses)
  VALUES (p->>'reference', ev.id, buyer_account, key_hash, p->>'full_name', p->>'email',
          p->>'msisdn', ev.currency,
          total, 1, p->>'payment_method', now() + make_interval(mins => (p->>'hold_minutes')::integer), p->>'dedupe_key',
          new_code, p->>'code', CASE WHEN new_code IS NULL THEN 0 ELSE new_uses END)
  ON CONFLICT (dedupe_key) WHERE status = 1 DO NOTHING
  RETURNING id INTO new_id;
  IF new_id IS NULL THEN
    ids := '{}';
    qtys := '{}';
    new_uses := 0;
    offer_entry := NULL;
  ELSE
    INSERT INTO booking_lines (booking_id, ticket_type_id, name, unit_price_minor, list_price_minor, discount_minor,
                               price_source, no_of_persons, quantity)
    SELECT new_id, t.id, t.name, u.unit, u.list, u.off, u.source, t.no_of_persons, u.q
      FROM ticket_types t JOIN unnest(ids, qtys, lists, units, offs, sources) AS u(id, q, list, unit, off, source)
        ON t.id = u.id;
    IF p ? 'payment' THEN
      secret := p->'payment'->>'client_secret';
      INSERT INTO payments (booking_id, provider, intent_id, client_secret, status, amount_minor, currency)
      VALUES (new_id, p->'payment'->>'provider', p->'payment'->>'intent_id', secret,
              coalesce(p->'payment'->>'status', 'requires_payment_method'), total, ev.currency);
    END IF;
    IF offer_entry IS NOT NULL THEN
      UPDATE waitlist_entries SET status = 'booked', booking_id = new_id, updated_at = now() WHERE id = offer_entry;
    END IF;
  END IF;

  FOR line IN
    SELECT coalesce(n.id, o.id) AS id, coalesce(n.q, 0) AS q, coalesce(o.q, 0) AS freed
      FROM (SELECT u.id, sum(u.q)::integer AS q FROM unnest(ids, qtys) AS u(id, q) GROUP BY u.id) n
      FULL JOIN (SELECT r.id, sum(r.q)::integer AS q FROM (
                   SELECT l.ticket_type_id AS id, l.quantity AS q FROM booking_lines l WHERE l.booking_id = ANY(gone)
                   UNION ALL
                   SELECT offer_type, offer_qty WHERE offer_entry IS NOT NULL) r
                  GROUP BY r.id) o ON o.id = n.id
     ORDER BY 1
  LOOP
    IF line.q < line.freed THEN
      UPDATE ticket_types SET held = held - (line.freed - line.q) WHERE id = line.id;
    ELSIF line.q > line.freed THEN
      UPDATE ticket_types t SET held = held + (line.q - line.freed)
       WHERE t.id = line.id AND t.sold + t.held + (line.q - line.freed) <= t.max_tickets
         AND NOT EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.ticket_type_id = t.id AND w.status = 'waiting');
      IF NOT FOUND THEN
        SELECT t.name,
               CASE WHEN EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.ticket_type_id = t.id AND w.status = 'waiting')
                    THEN 0 ELSE greatest(t.max_tickets - t.sold - t.held + line.freed, 0) END AS remaining INTO short
          FROM ticket_types t WHERE t.id = line.id;
        RAISE EXCEPTION '%', short.name USING ERRCODE = 'TK409', DETAIL = short.remaining::text, HINT = line.id::text;
      END IF;
    END IF;
  END LOOP;

  -- The codes' uses move after the seats, in code-id order: the released holds' back, the new one's taken.
  FOR line IN
    SELECT coalesce(n.id, o.id) AS id, coalesce(n.q, 0) AS q, coalesce(o.q, 0) AS freed
      FROM (SELECT new_code AS id, new_uses AS q WHERE new_code IS NOT NULL AND new_uses > 0) n
      FULL JOIN (SELECT x.code_id AS id, sum(x.code_uses)::integer AS q FROM bookings x
                  WHERE x.id = ANY(gone) AND x.code_id IS NOT NULL AND x.code_uses > 0 GROUP BY x.code_id) o
        ON o.id = n.id
     ORDER BY 1
  LOOP
    IF line.q < line.freed THEN
      UPDATE discount_codes SET used = used - (line.freed - line.q) WHERE id = line.id;
    ELSIF line.q > line.freed THEN
      UPDATE discount_codes SET used = used + (line.q - line.freed)
       WHERE id = line.id AND (max_uses IS NULL OR used + (line.q - line.freed) <= max_uses);
      IF NOT FOUND THEN
        SELECT greatest(coalesce(d.max_uses - d.used, 0) + line.freed, 0) AS remaining INTO short
          FROM discount_codes d WHERE d.id = line.id;
        RAISE EXCEPTION 'code used up' USING ERRCODE = 'TK429', DETAIL = coalesce(short.remaining, 0)::text;
      END IF;
    END IF;
  END LOOP;
  IF cardinality(gone) > 0 THEN
    UPDATE bookings SET code_uses = 0 WHERE id = ANY(gone) AND code_uses > 0;
  END IF;

  IF new_id IS NULL THEN
    RETURN QUERY SELECT x.id, x.reference, x.total_minor, x.currency, x.hold_expires_at, true, x.checkout_key_hash,
        (SELECT pm.client_secret FROM payments pm WHERE pm.booking_id = x.id ORDER BY pm.id DESC LIMIT 1)
      FROM bookings x WHERE x.dedupe_key = p->>'dedupe_key' AND x.status = 1;
    RETURN;
  END IF;
  RETURN QUERY SELECT new_id, p->>'reference', total::integer, ev.currency::text,
                      now() + make_interval(mins => (p->>'hold_minutes')::integer), false, key_hash, secret;
END;
$$;
