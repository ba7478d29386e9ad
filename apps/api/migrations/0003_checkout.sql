ALTER TABLE "sessions" ADD COLUMN "scope" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "session_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settles_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_pending_dedupe_key" ON "bookings" USING btree ("dedupe_key") WHERE "bookings"."status" = 1;--> statement-breakpoint
-- Books tickets in one round trip (docs/decisions/0009-inventory.md): checks the event and its
-- ticket types, returns the live pending booking of the same buyer and lines if there is one,
-- else writes the booking and its lines at the ticket types' own prices and reserves the
-- quantities LAST, in ticket-type order, so each hot row is locked only until the commit that
-- follows at once, and two bookings never wait on each other in a cycle. A reservation that
-- does not fit raises TK409 (message: the type's name, detail: how many are left), which
-- undoes everything the call wrote.
CREATE FUNCTION book_tickets(
  p_event_id integer, p_account_id integer, p_session_id integer, p_full_name text, p_email text,
  p_msisdn text, p_payment_method text, p_reference text, p_dedupe_key text, p_hold_minutes integer,
  p_ticket_ids integer[], p_quantities integer[]
) RETURNS TABLE (booking_id integer, booking_reference text, total_minor integer, booking_currency text,
                 expires_at timestamptz, is_existing boolean)
LANGUAGE plpgsql AS $$
DECLARE
  ev record;
  found_count integer;
  prior record;
  new_id integer;
  total bigint;
  line record;
  short record;
BEGIN
  SELECT e.id, e.currency, e.status, e.end_time INTO ev FROM events e WHERE e.id = p_event_id;
  IF NOT FOUND OR ev.status <> 1 THEN
    RAISE EXCEPTION 'event not on sale' USING ERRCODE = 'TK404';
  END IF;
  IF ev.end_time <= now() THEN
    RAISE EXCEPTION 'event has ended' USING ERRCODE = 'TK410';
  END IF;
  SELECT count(*) INTO found_count
    FROM ticket_types t JOIN unnest(p_ticket_ids) AS u(id) ON t.id = u.id
   WHERE t.event_id = p_event_id AND t.status = 1;
  IF found_count <> cardinality(p_ticket_ids) THEN
    RAISE EXCEPTION 'ticket type not on sale' USING ERRCODE = 'TK422';
  END IF;

  SELECT b.id, b.reference, b.total_minor, b.currency, b.hold_expires_at INTO prior
    FROM bookings b WHERE b.dedupe_key = p_dedupe_key AND b.status = 1 FOR UPDATE;
  IF FOUND THEN
    IF prior.hold_expires_at > now() THEN
      RETURN QUERY SELECT prior.id, prior.reference, prior.total_minor, prior.currency, prior.hold_expires_at, true;
      RETURN;
    END IF;
    -- Its hold ran out before the sweep came by: release it here, then book anew.
    UPDATE bookings SET status = 3, updated_at = now() WHERE id = prior.id;
    UPDATE ticket_types t SET held = t.held - l.quantity
      FROM (SELECT ticket_type_id, sum(quantity)::integer AS quantity FROM booking_lines
             WHERE booking_id = prior.id GROUP BY ticket_type_id) l
     WHERE t.id = l.ticket_type_id;
  END IF;

  SELECT sum(t.price_minor::bigint * u.q) INTO total
    FROM ticket_types t JOIN unnest(p_ticket_ids, p_quantities) AS u(id, q) ON t.id = u.id;
  INSERT INTO bookings (reference, event_id, account_id, session_id, full_name, email, msisdn, currency,
                        total_minor, status, payment_method, hold_expires_at, dedupe_key)
  VALUES (p_reference, p_event_id, p_account_id, p_session_id, p_full_name, p_email, p_msisdn, ev.currency,
          total, 1, p_payment_method, now() + make_interval(mins => p_hold_minutes), p_dedupe_key)
  ON CONFLICT (dedupe_key) WHERE status = 1 DO NOTHING
  RETURNING id INTO new_id;
  IF new_id IS NULL THEN
    -- The same click arrived twice at once and the other one won: answer with its booking.
    RETURN QUERY SELECT b.id, b.reference, b.total_minor, b.currency, b.hold_expires_at, true
      FROM bookings b WHERE b.dedupe_key = p_dedupe_key AND b.status = 1;
    RETURN;
  END IF;
  INSERT INTO booking_lines (booking_id, ticket_type_id, name, unit_price_minor, no_of_persons, quantity)
  SELECT new_id, t.id, t.name, t.price_minor, t.no_of_persons, u.q
    FROM ticket_types t JOIN unnest(p_ticket_ids, p_quantities) AS u(id, q) ON t.id = u.id;

  FOR line IN SELECT u.id, u.q FROM unnest(p_ticket_ids, p_quantities) AS u(id, q) ORDER BY u.id LOOP
    UPDATE ticket_types SET held = held + line.q
     WHERE id = line.id AND sold + held + line.q <= max_tickets;
    IF NOT FOUND THEN
      SELECT t.name, greatest(t.max_tickets - t.sold - t.held, 0) AS remaining INTO short
        FROM ticket_types t WHERE t.id = line.id;
      RAISE EXCEPTION '%', short.name USING ERRCODE = 'TK409', DETAIL = short.remaining::text, HINT = line.id::text;
    END IF;
  END LOOP;

  RETURN QUERY SELECT new_id, p_reference, total::integer, ev.currency::text,
                      now() + make_interval(mins => p_hold_minutes), false;
END;
$$;
