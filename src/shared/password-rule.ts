/** The spec's password rule: one copy, imported by the server and the web app alike. */
export const weakPasswordMessage =
  'Your password must be at least 8 characters long and include at least one letter, one number, and one special character (e.g. @, #, $, %, !, ^, &, *).';

/** Longer passwords are refused (hashing cost); the page checks it too, so its dialog says why. */
const maxPasswordLength = 256;

/** 8+ characters with a letter, a digit and a special character (neither letter, digit nor space), any script. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= maxPasswordLength &&
    /\p{L}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{Nd}\s]/u.test(password)
  );
}
