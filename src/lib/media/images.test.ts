import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageUrl, mediaId } from './images.ts';

describe('image URLs', () => {
  it('reads the media id of a stored picture only', () => {
    expect(mediaId('/media/42')).toBe(42);
    expect(mediaId('/media/42/x')).toBeNull();
    expect(mediaId('https://elsewhere/media/42')).toBeNull();
    expect(mediaId(null)).toBeNull();
  });

  it('sends stored pictures through the resizer at 400 or 800', () => {
    expect(imageUrl('/media/42', 400)).toBe('/img/42?w=400');
    expect(imageSrcSet('/media/42')).toBe('/img/42?w=400 400w, /img/42?w=800 800w');
    expect(imageUrl('/favicon.svg', 800)).toBe('/favicon.svg');
    expect(imageSrcSet('/favicon.svg')).toBeUndefined();
  });
});
