import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { imageErrorOf } from './image-picker';

/** Whether a refusal is about the image, and what to say under the picker, is decided by its code. */
describe('the server’s word on an event’s image', () => {
  it('shows an image over the limit or not a JPEG or PNG under the picker, the field’s words first', () => {
    const over = new ApiError(
      413,
      'file: The image is larger than 10 MB',
      [{ path: 'file', message: 'The image is larger than 10 MB' }],
      'image.too_large',
    );
    expect(imageErrorOf(over)).toBe('The image is larger than 10 MB');
    expect(imageErrorOf(new ApiError(415, 'Not a picture we can use', [], 'image.wrong_type'))).toBe(
      'Not a picture we can use',
    );
  });

  it('leaves other refusals of the same statuses to the page: a body too large, a form not sent as multipart', () => {
    expect(imageErrorOf(new ApiError(413, 'The request is too large', [], 'too_large'))).toBeUndefined();
    expect(
      imageErrorOf(new ApiError(415, 'Send the event as multipart/form-data', [], 'unsupported_type')),
    ).toBeUndefined();
  });

  it('takes a refusal naming the field file from any other error', () => {
    const refused = new ApiError(
      400,
      'file: Image is required',
      [{ path: 'file', message: 'Image is required' }],
      'validation.invalid_field',
    );
    expect(imageErrorOf(refused)).toBe('Image is required');
  });
});
