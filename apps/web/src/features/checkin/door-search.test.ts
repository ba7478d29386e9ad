import { describe, expect, it } from 'vitest';
import { DOOR_SEARCH_LIMIT } from '@tikiti/contract';
import { searchKit } from './door-search';
import { doorKit, doorTicket } from './test-kit';

const names = (rows: { holder_name: string }[]) => rows.map((r) => r.holder_name);

describe('the door search from the kit, offline (docs/product.md, "Check-in")', () => {
  it('finds by name (case and accents aside), email, phone (0 / +254 / spaces aside), company and booking reference', async () => {
    const kit = await doorKit({
      tickets: [
        doorTicket({ id: 1, holder_name: 'Wanjirũ Njoroge', email_address: 'wn@kra.example', msisdn: '254711000111' }),
        doorTicket({
          id: 2,
          booking_reference: 'TK-ABC123',
          holder_name: 'Otieno Odhiambo',
          company: 'Safaricom PLC',
          email_address: 'otieno@example.com',
          msisdn: null,
        }),
      ],
    });
    expect(names(searchKit(kit, 'WANJIRU'))).toEqual(['Wanjirũ Njoroge']);
    expect(names(searchKit(kit, 'kra.example'))).toEqual(['Wanjirũ Njoroge']);
    expect(names(searchKit(kit, '0711 000'))).toEqual(['Wanjirũ Njoroge']);
    expect(names(searchKit(kit, '+254711000111'))).toEqual(['Wanjirũ Njoroge']);
    expect(names(searchKit(kit, 'safaricom'))).toEqual(['Otieno Odhiambo']);
    expect(names(searchKit(kit, 'tk-abc'))).toEqual(['Otieno Odhiambo']);
    const [row] = searchKit(kit, 'otieno');
    expect(row).toMatchObject({
      ticket_id: 2,
      reference: 'TK-ABC123-1',
      state: 'not_checked_in',
      company: 'Safaricom PLC',
    });
  });

  it('answers nothing under 2 characters, leaves out a re-issued code, marks refunded and admitted tickets, and stops at the limit', async () => {
    const many = Array.from({ length: DOOR_SEARCH_LIMIT + 5 }, (_, i) =>
      doorTicket({ id: 100 + i, number: i + 1, holder_name: `Delegate ${String(i).padStart(2, '0')}` }),
    );
    const kit = await doorKit({
      tickets: [
        doorTicket({ id: 1, holder_name: 'Amina Old', reissued: true }),
        doorTicket({ id: 2, holder_name: 'Amina New' }),
        doorTicket({ id: 3, holder_name: 'Amina Refunded', revoked: true }),
        doorTicket({
          id: 4,
          holder_name: 'Amina In',
          checked_in_at: '2026-03-12T06:00:00.000Z',
          checked_in_device: 'Door 2',
        }),
        ...many,
      ],
    });
    expect(searchKit(kit, 'a')).toEqual([]);
    expect(searchKit(kit, 'amina').map((r) => [r.holder_name, r.state])).toEqual([
      ['Amina In', 'checked_in'],
      ['Amina New', 'not_checked_in'],
      ['Amina Refunded', 'revoked'],
    ]);
    expect(searchKit(kit, 'delegate')).toHaveLength(DOOR_SEARCH_LIMIT);
  });
});
