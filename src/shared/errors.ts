/**
 * Every error code the API can answer with, and its HTTP status: the one table (STYLE.md).
 * Codes are `<area>/<what>`; modules return them inside Result values.
 */
export const httpStatusByCode = {
  'http/not-found': 404,
  'http/bad-json': 400,
  'http/unsupported-media-type': 415,
  'http/validation': 400,
  'http/payload-too-large': 413,
  'http/internal': 500,
  'http/unavailable': 503,
  'http/forbidden-origin': 403,
  'auth/unauthenticated': 401,
  'auth/forbidden': 403,
  'auth/invalid-credentials': 401,
  'auth/invalid-token': 401,
  'auth/weak-password': 400,
  'auth/email-taken': 409,
  'auth/email-look-alike': 409,
  'auth/email-mixed-script': 400,
  'auth/reset-token-invalid': 400,
  'auth/rate-limited': 429,
  'users/not-own-email': 403,
  'users/not-found': 404,
  'users/cannot-delete-self': 409,
  'users/last-admin': 409,
  'images/missing-file': 400,
  'images/unsupported-type': 415,
  'images/too-large': 413,
  'images/unreadable': 400,
  'images/store-failed': 502,
  // Heavy answers made a few at a time (issue 40, decision 047).
  'images/busy': 429,
  'catalogue/category-exists': 409,
  'catalogue/unknown-category': 400,
  'catalogue/product-not-found': 404,
  'promotions/slider-not-found': 404,
  'cart/product-not-found': 404,
  'cart/invalid-choice': 400,
  'cart/quantity-limit': 409,
  'cart/line-not-found': 404,
  'cart/out-of-stock': 409,
  // The customer's bounds (issue 40).
  'cart/too-many-lines': 409,
  'promotions/coupon-exists': 400,
  'promotions/coupon-not-found': 404,
  // A coupon's rules (issue 33, decision 059), at the coupon check and at the order.
  'promotions/coupon-expired': 422,
  'promotions/coupon-below-minimum': 422,
  'promotions/coupon-used-up': 409,
  // A banner's link names a category or a product that does not exist (issue 33).
  'promotions/link-target-not-found': 422,
  'ordering/cart-empty': 400,
  'ordering/coupon-invalid': 400,
  'ordering/product-unavailable': 409,
  'ordering/total-changed': 409,
  'ordering/out-of-stock': 409,
  'ordering/illegal-transition': 409,
  'ordering/order-not-found': 404,
  'ordering/idempotency-conflict': 422,
  'ordering/too-many-pending': 429,
  'ordering/too-many-orders': 429,
  'ordering/too-many-lines': 409,
  'ordering/quantity-limit': 409,
  'ordering/total-too-large': 409,
  // Fake-order defences (issue 16): 409, not 403, since the web app ends the session on any 403.
  'ordering/phone-blocked': 409,
  'ordering/cod-blocked': 409,
  // Issue 36: an order edited from a version older than the log's.
  'ordering/edit-conflict': 409,
  // Issue 36: an order taken by the staff giving more than their role may (STAFF_DISCOUNT_MAX), or more than the goods.
  // 422, not 403: the web app ends the session on any 403.
  'ordering/discount-over-limit': 422,
  'ordering/discount-too-large': 422,
  // Issue 36: guest checkout (GUEST_CHECKOUT) is off; a guest's order that would ask a bKash advance (paid from an account's pages).
  'ordering/guest-checkout-off': 409,
  'ordering/advance-needs-account': 409,
  'ordering/guest-orders-limit': 429,
  'ordering/phone-already-blocked': 409,
  'ordering/blocked-phone-not-found': 404,
  // Checkout phone codes (CHECKOUT_OTP, decision 032).
  'ordering/phone-not-verified': 409,
  'ordering/phone-codes-off': 409,
  'ordering/phone-code-too-soon': 429,
  'ordering/phone-code-not-sent': 503,
  'ordering/phone-code-wrong': 422,
  'ordering/phone-code-spent': 409,
  'ordering/phone-code-expired': 409,
  'ordering/phone-code-missing': 409,
  // The SMS ceilings (issue 40, decision 048): a code past a ceiling, or past the day's budget.
  'ordering/sms-number-limit': 429,
  'ordering/sms-address-limit': 429,
  'ordering/sms-busy': 429,
  'ordering/sms-budget-spent': 429,
  // Heavy answers (issue 40, decision 047): PDFs a few at a time, of bounded orders; exports a few at a time.
  'ordering/document-too-large': 409,
  // A packing slip is for a parcel to send: a canceled order gets none (issue 33).
  'ordering/order-canceled': 409,
  'ordering/documents-in-progress': 429,
  'ordering/documents-busy': 429,
  'ordering/exports-busy': 429,
  // Delivery (issue 34): a courier that is not set up, refuses a call, or a webhook not from it.
  'delivery/courier-not-configured': 409,
  'delivery/courier-refused': 409,
  'delivery/courier-unavailable': 503,
  'delivery/webhook-refused': 401,
  'delivery/webhook-invalid': 400,
  'delivery/too-many-orders': 400,
  'delivery/tracking-not-found': 404,
  'delivery/tracking-limit': 429,
  // Advance payments (issue 35).
  'payments/not-configured': 409,
  'payments/not-awaiting': 409,
  'payments/hold-over': 409,
  'payments/too-many-attempts': 429,
  'payments/unavailable': 503,
  'payments/refused': 409,
  'payments/not-refundable': 409,
  'records/unavailable': 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof httpStatusByCode;

export type AppError = {
  code: ErrorCode;
  message: string;
  issues?: ReadonlyArray<{ path: string; message: string }>;
};

export const appError = (code: ErrorCode, message: string, issues?: AppError['issues']): AppError =>
  issues ? { code, message, issues } : { code, message };

export const statusOf = (code: ErrorCode): number => httpStatusByCode[code];

/** The body of every error response: `{ "error": { "code", "message", "issues"? } }`. */
export const errorBody = (error: AppError, extra?: { requestId?: string }) => ({ error: { ...error, ...extra } });
