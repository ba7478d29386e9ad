ALTER TABLE "bookings" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checkout_key_hash" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settles_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_pending_dedupe_key" ON "bookings" USING btree ("dedupe_key") WHERE "bookings"."status" = 1;--> statement-breakpoint
-- Books tickets in one round trip (docs/decisions/0009-inventory.md). `p` (JSON) carries the
-- event, the buyer (a signed-in buyer's account id, or for a guest none, and the hash of the
-- guest's checkout key), the lines, the reference and dedupe key, and optionally a payment made
-- without a round trip to the provider (the sandbox's). It checks the event and its ticket
-- types; returns the live pending booking of the same buyer and lines if there is one; else
-- writes the booking, its lines at the ticket types' own prices and the payment, and reserves
-- the quantities LAST, in ticket-type order, so each hot row is locked only until the commit
-- that follows at once and two bookings never wait on each other in a cycle. A reservation that
-- does not fit raises TK409 (message: the type's name, detail: how many are left, hint: its
-- id), which undoes everything the call wrote.
CREATE FUNCTION book_tickets(p jsonb)
RETURNS TABLE (booking_id integer, booking_reference text, total_minor integer, booking_currency text,
               expires_at timestamptz, is_existing boolean, existing_checkout_key_hash text, client_secret text)
LANGUAGE plpgsql AS $$
DECLARE
  ev record;
  ids integer[] := ARRAY(SELECT (l->>'id')::integer FROM jsonb_array_elements(p->'lines') l);
  qtys integer[] := ARRAY(SELECT (l->>'qty')::integer FROM jsonb_array_elements(p->'lines') l);
  found_count integer;
  prior record;
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
  -- Every line an open type of this event, and the total at the types' own prices.
  SELECT count(*), sum(t.price_minor::bigint * u.q) INTO found_count, total
    FROM ticket_types t JOIN unnest(ids, qtys) AS u(id, q) ON t.id = u.id
   WHERE t.event_id = ev.id AND t.status = 1;
  IF found_count <> cardinality(ids) THEN
    RAISE EXCEPTION 'ticket type not on sale' USING ERRCODE = 'TK422';
  END IF;

  SELECT b.id, b.reference, b.total_minor, b.currency, b.hold_expires_at, b.checkout_key_hash INTO prior
    FROM bookings b WHERE b.dedupe_key = p->>'dedupe_key' AND b.status = 1 FOR UPDATE;
  IF FOUND THEN
    IF prior.hold_expires_at > now() THEN
      RETURN QUERY SELECT prior.id, prior.reference, prior.total_minor, prior.currency, prior.hold_expires_at, true,
        prior.checkout_key_hash,
        (SELECT pm.client_secret FROM payments pm WHERE pm.booking_id = prior.id ORDER BY pm.id DESC LIMIT 1);
      RETURN;
    END IF;
    -- Its hold ran out before the sweep came by: release it here, then book anew.
    UPDATE bookings SET status = 3, updated_at = now() WHERE id = prior.id;
    FOR line IN SELECT l.ticket_type_id, sum(l.quantity)::integer AS q FROM booking_lines l
                 WHERE l.booking_id = prior.id GROUP BY l.ticket_type_id ORDER BY l.ticket_type_id LOOP
      UPDATE ticket_types SET held = held - line.q WHERE id = line.ticket_type_id;
    END LOOP;
  END IF;

  INSERT INTO bookings (reference, event_id, account_id, checkout_key_hash, full_name, email, msisdn, currency,
                        total_minor, status, payment_method, hold_expires_at, dedupe_key)
  VALUES (p->>'reference', ev.id, (p->>'account_id')::integer, p->>'checkout_key_hash', p->>'full_name', p->>'email',
          p->>'msisdn', ev.currency,
          total, 1, p->>'payment_method', now() + make_interval(mins => (p->>'hold_minutes')::integer), p->>'dedupe_key')
  ON CONFLICT (dedupe_key) WHERE status = 1 DO NOTHING
  RETURNING id INTO new_id;
  IF new_id IS NULL THEN
    -- The same click arrived twice at once and the other one won: answer with its booking.
    RETURN QUERY SELECT b.id, b.reference, b.total_minor, b.currency, b.hold_expires_at, true, b.checkout_key_hash,
        (SELECT pm.client_secret FROM payments pm WHERE pm.booking_id = b.id ORDER BY pm.id DESC LIMIT 1)
      FROM bookings b WHERE b.dedupe_key = p->>'dedupe_key' AND b.status = 1;
    RETURN;
  END IF;
  INSERT INTO booking_lines (booking_id, ticket_type_id, name, unit_price_minor, no_of_persons, quantity)
  SELECT new_id, t.id, t.name, t.price_minor, t.no_of_persons, u.q
    FROM ticket_types t JOIN unnest(ids, qtys) AS u(id, q) ON t.id = u.id;
  IF p ? 'payment' THEN
    secret := p->'payment'->>'client_secret';
    INSERT INTO payments (booking_id, provider, intent_id, client_secret, status, amount_minor, currency)
    VALUES (new_id, p->'payment'->>'provider', p->'payment'->>'intent_id', secret, 'requires_payment_method',
            total, ev.currency);
  END IF;

  FOR line IN SELECT u.id, u.q FROM unnest(ids, qtys) AS u(id, q) ORDER BY u.id LOOP
    UPDATE ticket_types SET held = held + line.q
     WHERE id = line.id AND sold + held + line.q <= max_tickets;
    IF NOT FOUND THEN
      SELECT t.name, greatest(t.max_tickets - t.sold - t.held, 0) AS remaining INTO short
        FROM ticket_types t WHERE t.id = line.id;
      RAISE EXCEPTION '%', short.name USING ERRCODE = 'TK409', DETAIL = short.remaining::text, HINT = line.id::text;
    END IF;
  END LOOP;

  RETURN QUERY SELECT new_id, p->>'reference', total::integer, ev.currency::text,
                      now() + make_interval(mins => (p->>'hold_minutes')::integer), false, p->>'checkout_key_hash', secret;
END;
$$;
