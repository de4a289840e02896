import { describe, expect, it } from 'vitest';
import { PRODUCT_GRID_SIZES, responsiveImageProps, uploadSrcSet } from './image-srcset';

describe('uploadSrcSet', () => {
  it('lists the 480 and 960 px copies of a local upload', () => {
    expect(uploadSrcSet('/uploads/a1b2c3.webp')).toBe('/uploads/a1b2c3-480.webp 480w, /uploads/a1b2c3-960.webp 960w');
  });

  it('adds the full picture as the widest candidate when asked', () => {
    expect(uploadSrcSet('/uploads/a1b2c3.webp', 1600)).toBe(
      '/uploads/a1b2c3-480.webp 480w, /uploads/a1b2c3-960.webp 960w, /uploads/a1b2c3.webp 1600w',
    );
    expect(uploadSrcSet('https://i.ibb.co/x/banner.jpg', 1600)).toBeUndefined();
  });

  it('lists the copies of a picture in an S3 bucket (an https URL named by its SHA-256)', () => {
    const name = `https://images.shop.test/catalogue/${'ab'.repeat(32)}`;
    expect(uploadSrcSet(`${name}.webp`)).toBe(`${name}-480.webp 480w, ${name}-960.webp 960w`);
    expect(uploadSrcSet(`http://images.shop.test/${'ab'.repeat(32)}.webp`)).toBeUndefined();
    expect(uploadSrcSet(`https://images.shop.test/${'ab'.repeat(31)}.webp`)).toBeUndefined();
  });

  it('leaves other images alone', () => {
    expect(uploadSrcSet('https://i.ibb.co/x/figure.jpg')).toBeUndefined();
    expect(uploadSrcSet('/uploads/a1b2c3.png')).toBeUndefined();
    expect(uploadSrcSet('/uploads/nested/a1b2c3.webp')).toBeUndefined();
    expect(uploadSrcSet('https://cdn.example.com/uploads/a1b2c3.webp')).toBeUndefined();
    expect(uploadSrcSet('https://i.ibb.co/abc/picture.webp')).toBeUndefined();
    expect(uploadSrcSet('')).toBeUndefined();
  });
});

describe('responsiveImageProps', () => {
  it('adds srcSet and sizes only when the copies exist', () => {
    expect(responsiveImageProps('/uploads/p.webp', PRODUCT_GRID_SIZES)).toEqual({
      src: '/uploads/p.webp',
      srcSet: '/uploads/p-480.webp 480w, /uploads/p-960.webp 960w',
      sizes: PRODUCT_GRID_SIZES,
    });
    expect(responsiveImageProps('https://i.ibb.co/x/p.jpg', PRODUCT_GRID_SIZES)).toEqual({ src: 'https://i.ibb.co/x/p.jpg' });
  });
});
