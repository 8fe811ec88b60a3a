import { describe, expect, it } from 'vitest';
import type { HotelPhotosAnswer, ListingPhoto } from '@reproute/contracts';
import { currentArrangement, moved, moveItem, photoCount, without } from './photoArrangement';

const photo = (url: string, isCover = false): ListingPhoto => ({ url, id: null, src: url, srcSet: null, originalUrl: url, width: null, height: null, isCover });
const answer: HotelPhotosAnswer = {
  hotelId: 1,
  status: 'pending',
  awaitingReview: false,
  cover: '/images/a.jpg',
  photos: [photo('/images/a.jpg', true), photo('/images/b.jpg'), photo('/images/c.jpg')],
  gymPhotos: [photo('/images/g1.jpg'), photo('/images/g2.jpg')],
  live: { cover: null, images: [], gymImages: [] },
};

describe('photo arrangement', () => {
  it('moves an item, clamped to the list', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
  });

  it('builds the PUT body: the same arrangement, one kind moved, one photo left out', () => {
    expect(currentArrangement(answer)).toEqual({ images: ['/images/a.jpg', '/images/b.jpg', '/images/c.jpg'], gymImages: ['/images/g1.jpg', '/images/g2.jpg'], cover: '/images/a.jpg' });
    expect(moved(answer, 'hotel', 1, 0).images).toEqual(['/images/b.jpg', '/images/a.jpg', '/images/c.jpg']);
    expect(moved(answer, 'gym', 1, 0)).toMatchObject({ gymImages: ['/images/g2.jpg', '/images/g1.jpg'], cover: '/images/a.jpg' });
    expect(without(answer, '/images/a.jpg')).toEqual({ images: ['/images/b.jpg', '/images/c.jpg'], gymImages: ['/images/g1.jpg', '/images/g2.jpg'], cover: '/images/b.jpg' });
    expect(without(answer, '/images/g1.jpg')).toMatchObject({ gymImages: ['/images/g2.jpg'], cover: '/images/a.jpg' });
  });

  it('counts photos in words', () => {
    expect(photoCount(1)).toBe('1 photo');
    expect(photoCount(3)).toBe('3 photos');
  });
});
