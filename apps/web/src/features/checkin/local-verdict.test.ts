import { describe, expect, it } from 'vitest';
import { admitLocally, localVerdict, onServerClock } from './local-verdict';
import { codeFor, doorKit, doorTicket, testKeys } from './test-kit';
import { generateSigningKeys, signTicketCode } from '@tikiti/ticket-codes';

const now = new Date('2026-03-12T06:10:00.000Z');

describe('the door’s offline answer (docs/decisions/0013-door-page-offline.md)', () => {
  it('admits a genuine ticket of this event with its holder, type and persons, and admitting it counts', async () => {
    const kit = await doorKit();
    const { verdict } = await localVerdict(
      kit,
      `  ${await codeFor(503, { bookingRef: 'TK-GRP4AB', persons: 4 })}\n`,
      'Door AAAA',
      now,
    );
    expect(verdict).toEqual({
      result: 'admitted',
      ticket: {
        id: 503,
        holder_name: 'Otieno Odhiambo',
        company: null,
        ticket_type: 'Group of 4',
        admits: 4,
        booking_reference: 'TK-GRP4AB',
      },
      persons: 4,
      ticket_ids: [503],
      checked_in_at: now.toISOString(),
      checked_in_device: 'Door AAAA',
      conflict: null,
    });
    const after = admitLocally(kit, verdict.ticket_ids, now.toISOString(), 'Door AAAA');
    expect(after.counts).toEqual({ tickets_admitted: 1, tickets_sold: 3, persons_admitted: 4, persons_sold: 6 });
    const again = await localVerdict(
      after,
      await codeFor(503, { bookingRef: 'TK-GRP4AB', persons: 4 }),
      'Door AAAA',
      now,
    );
    expect(again.verdict).toMatchObject({
      result: 'already_checked_in',
      persons: 0,
      checked_in_at: now.toISOString(),
      checked_in_device: 'Door AAAA',
    });
  });

  it('admits a booking’s own code for its tickets not yet in, then says already checked in', async () => {
    let kit = await doorKit();
    kit = admitLocally(kit, [501], '2026-03-12T06:01:00.000Z', 'Door BBBB');
    const booking = await codeFor(40, { kind: 'booking', persons: 2 });
    const first = await localVerdict(kit, booking, 'Door AAAA', now);
    expect(first.verdict).toMatchObject({ result: 'admitted', persons: 1, ticket_ids: [502] });
    kit = admitLocally(kit, first.verdict.ticket_ids, now.toISOString(), 'Door AAAA');
    const second = await localVerdict(kit, booking, 'Door AAAA', now);
    expect(second.verdict).toMatchObject({
      result: 'already_checked_in',
      checked_in_at: '2026-03-12T06:01:00.000Z',
      checked_in_device: 'Door BBBB',
    });
  });

  it('admits a typed booking reference offline as the booking’s own code, with no key needed, once', async () => {
    // A browser that cannot verify codes can still look a reference up in the list.
    let kit = await doorKit({ public_keys: ['not-a-key'] });
    const first = await localVerdict(kit, ' tk 7q2m9x ', 'Door AAAA', now);
    expect(first.unchecked).toBeFalsy();
    expect(first.verdict).toMatchObject({
      result: 'admitted',
      persons: 2,
      ticket_ids: [501, 502],
      ticket: { id: 501, booking_reference: 'TK-7Q2M9X' },
    });
    kit = admitLocally(kit, first.verdict.ticket_ids, now.toISOString(), 'Door AAAA');
    for (const typed of ['TK-7Q2M9X', '7q2m9x', 'TK-7Q2M9X-2']) {
      expect((await localVerdict(kit, typed, 'Door BBBB', now)).verdict, typed).toMatchObject({
        result: 'already_checked_in',
        checked_in_device: 'Door AAAA',
      });
    }
  });

  it('admits a typed ticket reference offline as that ticket’s code; refuses what names nothing here', async () => {
    let kit = await doorKit({
      tickets: [
        ...(await doorKit()).tickets,
        doorTicket({ id: 504, booking_id: 42, booking_reference: 'TK-RFND22', revoked: true }),
      ],
    });
    const second = await localVerdict(kit, 'tk-7q2m9x-2', 'Door AAAA', now);
    expect(second.verdict).toMatchObject({ result: 'admitted', persons: 1, ticket_ids: [502], ticket: { id: 502 } });
    kit = admitLocally(kit, second.verdict.ticket_ids, now.toISOString(), 'Door AAAA');
    expect((await localVerdict(kit, await codeFor(502), 'Door AAAA', now)).verdict.result).toBe('already_checked_in');
    // The booking's reference then admits the ticket left; its code agrees.
    expect((await localVerdict(kit, 'TK-7Q2M9X', 'Door AAAA', now)).verdict).toMatchObject({ ticket_ids: [501] });
    const at = (typed: string) => localVerdict(kit, typed, 'Door AAAA', now).then((r) => r.verdict.result);
    expect(await at('TK-GRP4AB1')).toBe('admitted');
    expect(await at('TK-RFND22')).toBe('refunded');
    expect(await at('TK-RFND22-1')).toBe('refunded');
    for (const typed of ['TK-7Q2M9X-3', 'TK-7Q2M9X-0', 'TK-ZZZZZZ', 'TK-', 'hello there']) {
      expect(await at(typed), typed).toBe('unknown');
    }
  });

  it('refuses another event’s code, a refunded ticket, a forged or altered code, and garbage', async () => {
    const kit = await doorKit({ tickets: [doorTicket(), doorTicket({ id: 502, revoked: true })] });
    const at = (code: string) => localVerdict(kit, code, 'Door AAAA', now).then((r) => r.verdict.result);
    expect(await at(await codeFor(501, { eventId: 8 }))).toBe('other_event');
    expect(await at(await codeFor(502))).toBe('refunded');
    expect(await at(await codeFor(999))).toBe('unknown');
    const other = await generateSigningKeys();
    const forged = await signTicketCode(other.privateKey, {
      ticketId: 501,
      eventId: 7,
      bookingRef: 'TK-7Q2M9X',
      persons: 1,
      kind: 'ticket',
    });
    expect(await at(forged)).toBe('unknown');
    const genuine = await codeFor(501);
    const altered = genuine.slice(0, 6) + (genuine[6] === 'A' ? 'B' : 'A') + genuine.slice(7);
    expect(await at(altered)).toBe('unknown');
    expect(await at('hello')).toBe('unknown');
    expect(await at('x'.repeat(5000))).toBe('unknown');
  });

  it('says "update" for a code of a newer format, and refuses every ticket of a cancelled event', async () => {
    const kit = await doorKit();
    const newer = await localVerdict(kit, (await codeFor(501)).replace(/^TK1/, 'TK2'), 'Door AAAA', now);
    expect(newer).toMatchObject({ verdict: { result: 'unknown' }, outdated: true });
    const cancelled = await doorKit({ event: { ...kit.event, status: 3 } });
    expect((await localVerdict(cancelled, await codeFor(501), 'Door AAAA', now)).verdict.result).toBe('refunded');
  });

  it('gives no verdict where no key can be used (a browser without Ed25519), rather than "unknown"', async () => {
    const kit = await doorKit({ public_keys: ['not-a-key'] });
    const answer = await localVerdict(kit, await codeFor(501), 'Door AAAA', now);
    expect(answer.unchecked).toBe(true);
    expect((await localVerdict(await doorKit(), 'garbage', 'Door AAAA', now)).unchecked).toBe(false);
  });

  it('tries every public key, newest first (a rotated key still verifies older codes)', async () => {
    const newest = await generateSigningKeys();
    const kit = await doorKit({ public_keys: [newest.publicKey, (await testKeys()).publicKey] });
    expect((await localVerdict(kit, await codeFor(501), 'Door AAAA', now)).verdict.result).toBe('admitted');
  });
});

describe('a ticket re-issued to a renamed delegate, offline (docs/product.md#delegates-and-questions)', () => {
  /** Ticket 1 of booking TK-7Q2M9X was renamed: its old code (501) is kept, refused; 504 is its new one. */
  const renamedKit = async () => {
    const kit = await doorKit();
    return {
      ...kit,
      tickets: [
        { ...kit.tickets[0]!, reissued: true },
        ...kit.tickets.slice(1),
        doorTicket({ id: 504, number: 1, holder_name: 'Amina Njeri', company: 'Safaricom PLC' }),
      ],
    };
  };

  it('refuses the old code with `reissued`, naming whom it was for', async () => {
    const { verdict } = await localVerdict(await renamedKit(), await codeFor(501), 'Door AAAA', now);
    expect(verdict).toMatchObject({ result: 'reissued', persons: 0, ticket_ids: [], ticket: { id: 501 } });
    expect(verdict.ticket?.holder_name).toBe('Wanjiku Kamau');
  });

  it('admits the new code once, with the delegate’s name and company', async () => {
    const kit = await renamedKit();
    const { verdict } = await localVerdict(kit, await codeFor(504), 'Door AAAA', now);
    expect(verdict).toMatchObject({
      result: 'admitted',
      persons: 1,
      ticket_ids: [504],
      ticket: { id: 504, holder_name: 'Amina Njeri', company: 'Safaricom PLC', ticket_type: 'Delegate' },
    });
    const after = admitLocally(kit, verdict.ticket_ids, now.toISOString(), 'Door AAAA');
    expect((await localVerdict(after, await codeFor(504), 'Door AAAA', now)).verdict.result).toBe('already_checked_in');
  });

  it('the booking’s code and a typed reference reach the new ticket, never the old one', async () => {
    const kit = await renamedKit();
    const booking = await localVerdict(kit, await codeFor(40, { kind: 'booking', persons: 2 }), 'Door AAAA', now);
    expect(booking.verdict).toMatchObject({ result: 'admitted', persons: 2, ticket_ids: [502, 504] });
    const typed = await localVerdict(kit, 'TK-7Q2M9X-1', 'Door AAAA', now);
    expect(typed.verdict).toMatchObject({ result: 'admitted', ticket_ids: [504] });
  });

  it('a refunded booking says refunded, even for an old code', async () => {
    const kit = await renamedKit();
    const refunded = { ...kit, tickets: kit.tickets.map((t) => ({ ...t, revoked: t.booking_id === 40 })) };
    expect((await localVerdict(refunded, await codeFor(501), 'Door AAAA', now)).verdict.result).toBe('refunded');
  });
});

describe('a scan’s time on the server’s clock', () => {
  it('moves a fast phone’s scan back by how far its clock was ahead when the kit arrived', () => {
    // The server made the kit at 08:00:00; the phone, 7 minutes fast, noted 08:07:00.
    expect(onServerClock('2026-03-12T09:30:00.000Z', '2026-03-12T08:00:00.000Z', '2026-03-12T08:07:00.000Z')).toBe(
      '2026-03-12T09:23:00.000Z',
    );
    // A slow phone moves forward.
    expect(onServerClock('2026-03-12T09:30:00.000Z', '2026-03-12T08:05:00.000Z', '2026-03-12T08:00:00.000Z')).toBe(
      '2026-03-12T09:35:00.000Z',
    );
  });

  it('leaves a scan alone when the clocks agree within a minute (the network’s delay)', () => {
    expect(onServerClock('2026-03-12T09:30:00.000Z', '2026-03-12T08:00:00.000Z', '2026-03-12T08:00:40.000Z')).toBe(
      '2026-03-12T09:30:00.000Z',
    );
  });
});
