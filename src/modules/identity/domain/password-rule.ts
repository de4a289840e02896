/** The spec's rule, the same on the server as in the browser. */
export const weakPasswordMessage =
  'Your password must be at least 8 characters long and include at least one letter, one number, and one special character (e.g. @, #, $, %, !, ^, &, *).';

export const maxPasswordLength = 256;

export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= maxPasswordLength &&
    /\p{L}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{Nd}\s]/u.test(password)
  );
}
