/** Where a banner leads (issue 33): a category by its name, or a product by its id. */
export type BannerLink = { kind: 'category' | 'product'; target: string };

/**
 * A banner slide of the home page. Its link and alt texts (issue 33) are optional: banners from
 * before have none (null or absent).
 */
export type Slider = {
  id: string;
  image: string;
  createdAt: Date;
  linkKind?: BannerLink['kind'] | null;
  linkTarget?: string | null;
  altEn?: string | null;
  altBn?: string | null;
};
