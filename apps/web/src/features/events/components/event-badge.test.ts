import { describe, expect, it } from 'vitest';
import { eventBadge } from './event-badge';
import { imageProblem } from './image-picker';

const now = new Date('2026-11-22T09:00:00Z');

describe('eventBadge (docs/product.md#event-badge, in its order)', () => {
  const start = '2026-11-20T06:00:00Z';
  it('calls any event whose end has passed Ended, draft or not', () => {
    expect(eventBadge({ start_time: start, end_time: '2026-11-22T08:59:59Z', status: 1 }, now).label).toBe('Ended');
    expect(eventBadge({ start_time: start, end_time: '2026-11-01T00:00:00Z', status: 2 }, now).label).toBe('Ended');
  });

  it('calls a published event In progress once it has started, Published before', () => {
    expect(eventBadge({ start_time: start, end_time: '2026-11-22T09:00:01Z', status: 1 }, now).label).toBe(
      'In progress',
    );
    expect(
      eventBadge({ start_time: '2026-12-01T06:00:00Z', end_time: '2026-12-01T14:00:00Z', status: 1 }, now).label,
    ).toBe('Published');
  });

  it('calls a draft that has not ended Draft', () => {
    expect(eventBadge({ start_time: start, end_time: '2027-01-01T00:00:00Z', status: 2 }, now).label).toBe('Draft');
  });
});

describe('imageProblem (the picker refuses before any upload)', () => {
  const file = (bytes: number, type: string) => new File([new Uint8Array(bytes)], 'cover', { type });

  it('accepts JPEG and PNG up to 10 MB', () => {
    expect(imageProblem(file(1024, 'image/png'))).toBeNull();
    expect(imageProblem(file(10 * 1024 * 1024, 'image/jpeg'))).toBeNull();
  });

  it('refuses other types, files over 10 MB and empty files', () => {
    expect(imageProblem(file(1024, 'image/gif'))).toBe('Choose a JPEG or PNG image');
    expect(imageProblem(file(1024, 'application/pdf'))).toBe('Choose a JPEG or PNG image');
    expect(imageProblem(file(10 * 1024 * 1024 + 1, 'image/png'))).toBe('The image is larger than 10MB');
    expect(imageProblem(file(0, 'image/png'))).toBe('The file is empty');
  });
});
