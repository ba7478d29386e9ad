import { describe, expect, it } from 'vitest';
import { readTypedReference, ticketReference } from './index.js';

/** The first reading that names one of `known` bookings, as the door picks it. */
const pick = (input: string, known: string[]) =>
  readTypedReference(input).find((r) => known.includes(r.bookingRef)) ?? null;

describe('typed references (docs/ticket-codes.md#typed-references)', () => {
  it('prints a ticket’s short reference as the booking’s and its number', () => {
    expect(ticketReference('TK-ERZVFGJ', 2)).toBe('TK-ERZVFGJ-2');
  });

  it('reads a booking reference in any case, with or without TK, with spaces or dashes anywhere', () => {
    for (const typed of [
      'TK-ERZVFGJ',
      'tk-erzvfgj',
      'ERZVFGJ',
      'erzvfgj',
      ' TK ERZVFGJ ',
      'tk erz vfgj',
      'TKERZVFGJ',
      'TK–ERZVFGJ',
      'TK—ERZ-VFGJ',
    ]) {
      expect(pick(typed, ['TK-ERZVFGJ']), typed).toEqual({ bookingRef: 'TK-ERZVFGJ', ticket: null });
    }
  });

  it('reads a ticket’s short reference, with or without the dash before its number', () => {
    for (const typed of ['TK-ERZVFGJ-2', 'tk-erzvfgj-2', 'ERZVFGJ 2', 'erzvfgj2', 'TK ERZVFGJ - 2']) {
      expect(pick(typed, ['TK-ERZVFGJ']), typed).toEqual({ bookingRef: 'TK-ERZVFGJ', ticket: 2 });
    }
    expect(pick('TK-ERZVFGJ-12', ['TK-ERZVFGJ'])).toEqual({ bookingRef: 'TK-ERZVFGJ', ticket: 12 });
    // A reference that ends in digits is read whole first.
    expect(pick('TK-ABCD234', ['TK-ABCD234'])).toEqual({ bookingRef: 'TK-ABCD234', ticket: null });
    expect(pick('TK-ABCD234-3', ['TK-ABCD234'])).toEqual({ bookingRef: 'TK-ABCD234', ticket: 3 });
    expect(pick('ABCD2343', ['TK-ABCD234'])).toEqual({ bookingRef: 'TK-ABCD234', ticket: 3 });
    // A booking whose own reference starts with TK, typed without the prefix.
    expect(pick('TKQ7M9X', ['TK-TKQ7M9X'])).toEqual({ bookingRef: 'TK-TKQ7M9X', ticket: null });
  });

  it('offers every reading at most once, the whole text as a reference first', () => {
    expect(readTypedReference('TK-ABCD23')).toEqual([
      { bookingRef: 'TK-ABCD23', ticket: null },
      { bookingRef: 'TK-ABCD2', ticket: 3 },
      { bookingRef: 'TK-ABCD', ticket: 23 },
      { bookingRef: 'TK-TKABCD23', ticket: null },
      { bookingRef: 'TK-TKABCD2', ticket: 3 },
      { bookingRef: 'TK-TKABCD', ticket: 23 },
    ]);
  });

  it('reads no ticket number 0 and nothing that is not a reference', () => {
    expect(pick('TK-ERZVFGJ-0', ['TK-ERZVFGJ'])).toBeNull();
    expect(pick('TK-ERZVFGJ-02', ['TK-ERZVFGJ'])).toBeNull();
    for (const typed of [
      '',
      '   ',
      'TK-',
      'ABC',
      'TK1.ATK5YAEKVEstN1EyTTlYNA.GJjL',
      'TK-ERZ/VFGJ',
      'TK-ÉRZVFGJ',
      `TK-${'A'.repeat(40)}`,
      'TK-ABCDEFGHIJKLM',
    ]) {
      expect(readTypedReference(typed), typed).toEqual([]);
    }
    expect(readTypedReference(42 as unknown as string)).toEqual([]);
  });
});
