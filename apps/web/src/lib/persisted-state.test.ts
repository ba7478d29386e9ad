import { describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistFields, STORAGE_KEY } from './persisted-state';

interface Basket {
  items: string[];
  note: string | null;
  add(item: string): void;
}
interface Profile {
  name: string | null;
  rename(name: string): void;
}

/** Two stores of two features, created as a page load creates them. */
function load() {
  const basket = create<Basket>()(
    persist(
      (set) => ({ items: [], note: null, add: (item) => set((s) => ({ items: [...s.items, item] })) }),
      persistFields<Basket, 'items'>(['items']),
    ),
  );
  const profile = create<Profile>()(
    persist((set) => ({ name: null, rename: (name) => set({ name }) }), persistFields<Profile, 'name'>(['name'])),
  );
  return { basket, profile };
}

const saved = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { state: Record<string, unknown> };

describe('persisted client state (one `tikiti` entry, one set of fields per store)', () => {
  it('keeps each store’s fields side by side without one overwriting the other', () => {
    const { basket, profile } = load();
    basket.getState().add('ticket');
    profile.getState().rename('Amina');
    basket.getState().add('another');
    expect(saved()).toEqual({ state: { items: ['ticket', 'another'], name: 'Amina' }, version: 1 });
  });

  it('persists only the named fields', () => {
    const { basket } = load();
    basket.setState({ note: 'not kept' });
    basket.getState().add('ticket');
    expect(saved().state).not.toHaveProperty('note');
  });

  it('reads back after a reload, each store taking only its own fields', () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ state: { items: ['kept'], name: 'Amina' }, version: 1 }));
    const { basket, profile } = load();
    expect(basket.getState().items).toEqual(['kept']);
    expect(basket.getState()).not.toHaveProperty('name');
    expect(profile.getState().name).toBe('Amina');
  });

  it('leaves fields no loaded store owns in place, but drops retired ones on the next write', () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        state: { draftEvent: { title: 'Summit' }, message: { type: 'success', text: 'old' } },
        version: 1,
      }),
    );
    load().profile.getState().rename('Amina');
    expect(saved().state).toEqual({ draftEvent: { title: 'Summit' }, name: 'Amina' });
  });

  it('starts empty when the saved entry is not readable', () => {
    localStorage.setItem(STORAGE_KEY, '{not json');
    const { basket } = load();
    expect(basket.getState().items).toEqual([]);
    basket.getState().add('ticket');
    expect(saved().state).toEqual({ items: ['ticket'] });
  });

  it('keeps state in memory when the browser denies storage (the widget’s frame on another site)', () => {
    // Chromium blocking third-party storage throws on reading `localStorage` itself (docs/api.md#widget).
    const denied = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    try {
      const { basket, profile } = load();
      basket.getState().add('ticket');
      profile.getState().rename('Amina');
      expect(basket.getState().items).toEqual(['ticket']);
      expect(profile.getState().name).toBe('Amina');
    } finally {
      denied.mockRestore();
    }
  });
});
