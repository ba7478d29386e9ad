import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { imageErrorOf, ImagePicker, imageSizeAdvice } from './image-picker';

describe('image size advice (docs/product.md#organiser-side)', () => {
  it('says nothing of an image at or above 2160 x 1080 and about 2:1', () => {
    expect(imageSizeAdvice(2160, 1080)).toBeNull();
    expect(imageSizeAdvice(3000, 1600)).toBeNull();
  });

  it('warns of a small image, naming its size and the recommended one', () => {
    expect(imageSizeAdvice(400, 300)).toBe(
      'This image is 400 x 300px: it may look blurred on large screens (we recommend 2160 x 1080px); banners and cards show it 2:1 wide, so its top and bottom or sides are cut.',
    );
    expect(imageSizeAdvice(1600, 800)).toContain('may look blurred');
    expect(imageSizeAdvice(1600, 800)).not.toContain('cut');
  });

  it('warns of a large image far from 2:1', () => {
    expect(imageSizeAdvice(3000, 3000)).toBe(
      'This image is 3000 x 3000px: banners and cards show it 2:1 wide, so its top and bottom or sides are cut.',
    );
  });
});

describe('ImagePicker', () => {
  it('shows the advice once a picked image has loaded, and keeps the file', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:picked', revokeObjectURL: () => {} }));
    const file = new File([new Uint8Array([1, 2, 3])], 'small.jpg', { type: 'image/jpeg' });
    const onChange = vi.fn();
    render(<ImagePicker file={file} onChange={onChange} />);
    const img = (await screen.findByAltText('Preview of the event banner')) as HTMLImageElement;
    Object.defineProperty(img, 'naturalWidth', { value: 400 });
    Object.defineProperty(img, 'naturalHeight', { value: 300 });
    fireEvent.load(img);
    expect((await screen.findByRole('status')).textContent).toContain('This image is 400 x 300px');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('gives no advice on the event’s current image', async () => {
    render(<ImagePicker file={null} onChange={() => {}} currentUrl="/media/abc.jpg" />);
    const img = (await screen.findByAltText('Preview of the event banner')) as HTMLImageElement;
    Object.defineProperty(img, 'naturalWidth', { value: 400 });
    Object.defineProperty(img, 'naturalHeight', { value: 300 });
    fireEvent.load(img);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

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
