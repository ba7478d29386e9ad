import { screen } from '@testing-library/react';

/** Waits until the alert banner (docs/product.md#error-messages), where the organiser pages show their messages, says `text`. */
export async function findBanner(text: string) {
  return screen.findByText(text, { selector: '[aria-live="polite"] *' });
}
