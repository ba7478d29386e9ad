import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CameraScanner } from './camera-scanner';

/**
 * The door camera with the browser's camera and QR reader replaced by stand-ins (jsdom has
 * neither): a stream that plays, and a `BarcodeDetector` whose reads fail or find a code.
 */
let detect: () => Promise<{ rawValue: string }[]>;
const warnings: unknown[][] = [];

beforeEach(() => {
  class StandInDetector {
    static getSupportedFormats = () => Promise.resolve(['qr_code']);
    detect = () => detect();
  }
  vi.stubGlobal('BarcodeDetector', StandInDetector);
  // happy-dom's MediaStream has no tracks: this one has a camera track that stops.
  const camera = Object.assign(new MediaStream(), { getTracks: () => [{ stop: vi.fn() }] });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: () => Promise.resolve(camera) },
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  warnings.length = 0;
});

describe('the door camera', () => {
  it('hands each code it reads to the door', async () => {
    let reads = 0;
    detect = () => {
      reads += 1;
      return Promise.resolve([{ rawValue: ' TK1.code ' }]);
    };
    const onCode = vi.fn();
    render(<CameraScanner paused={false} onCode={onCode} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Scan with camera' }));
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('TK1.code'));
    // The reader goes on reading the same code, frame after frame: it is not answered twice in a row.
    const answeredAt = reads;
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(answeredAt + 3), { timeout: 5_000 });
    expect(onCode).toHaveBeenCalledTimes(1);
  });

  it(
    'says so and stops when the reader fails on every frame, instead of reading nothing forever',
    { timeout: 15_000 },
    async () => {
      detect = () => Promise.reject(new Error('zxing_reader.wasm: failed to fetch'));
      render(<CameraScanner paused={false} onCode={vi.fn()} />);
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Scan with camera' }));
      await screen.findByRole('button', { name: 'Stop camera' });
      const alert = await screen.findByRole('alert', {}, { timeout: 6000 });
      expect(alert.textContent).toBe(
        'The camera could not read codes here. Try starting it again, or type the ticket’s reference below.',
      );
      expect(screen.queryByRole('button', { name: 'Stop camera' })).toBeNull();
      expect(String(warnings[0]?.[1])).toContain('failed to fetch');
      // Started again with a reader that works, it reads.
      detect = () => Promise.resolve([{ rawValue: 'TK1.next' }]);
      await user.click(screen.getByRole('button', { name: 'Scan with camera' }));
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    },
  );
});
