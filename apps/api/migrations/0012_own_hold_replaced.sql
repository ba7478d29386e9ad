-- book_tickets() of 0003, with one hold per buyer and event (docs/product.md#checkout-and-payments,
-- "One hold per buyer and event"; docs/decisions/0009-inventory.md). Same argument and answer.
--
-- It locks, in id order (so two calls never wait on each other in a cycle), the pending bookings
-- of this event that carry the same dedupe key or are the buyer's own: made with the same
-- checkout key, by the same account, or, for a signed-in buyer (whose email a code or Google
-- proved), by a guest with that email. Then:
-- - the buyer's live booking of the same lines and method, made with the same key or account,
--   is answered as it is (a second click, a page opened again: one hold, one payment);
-- - another checkout's live booking of the same dedupe key is answered as it is and nothing
--   changes (the service refuses it with a 409: that is not this caller's booking);
-- - otherwise the buyer's own unpaid holds of the event, and a same-key booking whose hold ran
--   out, become failed/expired (3), and the new booking is written. A guest's hold taken over by
--   the signed-in owner of its email is released this way, never handed over: its checkout key
--   may be someone else's.
-- The stock moves last, one conditional update per ticket type in ticket-type order, by the
-- difference between the new lines and the released ones: the hot rows are locked only until
-- the commit that follows at once, and no seat is ever held twice. A new line that does not fit
-- raises TK409 (message: the type's name, detail: how many are left for this buyer, counting
-- what their released hold gives back; hint: its id), which undoes everything the call wrote,
-- the releases included.
CREATE OR REPLACE FUNCTION book_tickets(p jsonb)
RETURNS TABLE (booking_id integer, booking_reference text, total_minor integer, booking_currency text,
               expires_at timestamptz, is_existing boolean, existing_checkout_key_hash text, client_secret text)
LANGUAGE plpgsql AS $$
DECLARE
  ev record;
  ids integer[] := ARRAY(SELECT (l->>'id')::integer FROM jsonb_array_elements(p->'lines') l);
  qtys integer[] := ARRAY(SELECT (l->>'qty')::integer FROM jsonb_array_elements(p->'lines') l);
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
  -- Every line an open type of this event, and the total at the types' own prices.
  SELECT count(*), sum(t.price_minor::bigint * u.q) INTO found_count, total
    FROM ticket_types t JOIN unnest(ids, qtys) AS u(id, q) ON t.id = u.id
   WHERE t.event_id = ev.id AND t.status = 1;
  IF found_count <> cardinality(ids) THEN
    RAISE EXCEPTION 'ticket type not on sale' USING ERRCODE = 'TK422';
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
      -- The buyer's own booking of these lines, or another checkout's (refused by the service):
      -- answered as it is, nothing released.
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
                        total_minor, status, payment_method, hold_expires_at, dedupe_key)
  VALUES (p->>'reference', ev.id, buyer_account, key_hash, p->>'full_name', p->>'email',
          p->>'msisdn', ev.currency,
          total, 1, p->>'payment_method', now() + make_interval(mins => (p->>'hold_minutes')::integer), p->>'dedupe_key')
  ON CONFLICT (dedupe_key) WHERE status = 1 DO NOTHING
  RETURNING id INTO new_id;
  IF new_id IS NULL THEN
    -- The same click arrived twice at once and the other one won: nothing new is held (what
    -- this call released still goes back below), and its booking is the answer.
    ids := '{}';
    qtys := '{}';
  ELSE
    INSERT INTO booking_lines (booking_id, ticket_type_id, name, unit_price_minor, no_of_persons, quantity)
    SELECT new_id, t.id, t.name, t.price_minor, t.no_of_persons, u.q
      FROM ticket_types t JOIN unnest(ids, qtys) AS u(id, q) ON t.id = u.id;
    IF p ? 'payment' THEN
      secret := p->'payment'->>'client_secret';
      INSERT INTO payments (booking_id, provider, intent_id, client_secret, status, amount_minor, currency)
      VALUES (new_id, p->'payment'->>'provider', p->'payment'->>'intent_id', secret, 'requires_payment_method',
              total, ev.currency);
    END IF;
  END IF;

  FOR line IN
    SELECT coalesce(n.id, o.id) AS id, coalesce(n.q, 0) AS q, coalesce(o.q, 0) AS freed
      FROM (SELECT u.id, sum(u.q)::integer AS q FROM unnest(ids, qtys) AS u(id, q) GROUP BY u.id) n
      FULL JOIN (SELECT l.ticket_type_id AS id, sum(l.quantity)::integer AS q FROM booking_lines l
                  WHERE l.booking_id = ANY(gone) GROUP BY l.ticket_type_id) o ON o.id = n.id
     ORDER BY 1
  LOOP
    IF line.q < line.freed THEN
      UPDATE ticket_types SET held = held - (line.freed - line.q) WHERE id = line.id;
    ELSIF line.q > line.freed THEN
      UPDATE ticket_types SET held = held + (line.q - line.freed)
       WHERE id = line.id AND sold + held + (line.q - line.freed) <= max_tickets;
      IF NOT FOUND THEN
        SELECT t.name, greatest(t.max_tickets - t.sold - t.held + line.freed, 0) AS remaining INTO short
          FROM ticket_types t WHERE t.id = line.id;
        RAISE EXCEPTION '%', short.name USING ERRCODE = 'TK409', DETAIL = short.remaining::text, HINT = line.id::text;
      END IF;
    END IF;
  END LOOP;

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
