import { formatNumber } from '../../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { GALLERY_SIZES, responsiveImageProps } from '../../../lib/image-srcset';
import { productMessages } from '../messages/product';

type GalleryPhotoProps = {
  title: string;
  images: readonly string[];
  index: number;
  /** Called when the photo has loaded or failed to. */
  onSettled?: () => void;
};

const GALLERY_IMAGE_SIZE = 960;

/** One photo; the first is the page's largest image, fetched at once and first. */
export function GalleryPhoto({ title, images, index, onSettled }: GalleryPhotoProps) {
  const t = useT(productMessages);
  const lang = useLanguage();
  const image = images[index] ?? '';
  const many = images.length > 1;
  return (
    <img
      {...responsiveImageProps(image, GALLERY_SIZES)}
      alt={many ? t('product.photoOf', { title, index: formatNumber(index + 1, lang), count: formatNumber(images.length, lang) }) : title}
      width={GALLERY_IMAGE_SIZE}
      height={GALLERY_IMAGE_SIZE}
      loading={index === 0 ? 'eager' : 'lazy'}
      fetchPriority={index === 0 ? 'high' : undefined}
      className="gallery__image"
      onLoad={onSettled}
      onError={onSettled}
    />
  );
}

