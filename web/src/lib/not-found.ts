/**
 * What a page throws when its subject does not exist (an unknown product id): the route's error
 * boundary shows the not-found page inside the layout, with the message as its detail.
 */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}
