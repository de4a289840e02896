/**
 * An image URL the shop may show and store: https (imgbb or another host), or a path of the
 * local image store. No http (mixed content), no javascript:/data:, no path tricks.
 */
export const isShowableImageUrl = (url: string): boolean =>
  /^\/uploads\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(url) && !url.includes('..') ? true : /^https:\/\/[^\s"'<>\\]+$/.test(url);
