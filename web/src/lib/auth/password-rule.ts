/** The spec's password rule, kept in step with the server's (src/modules/identity/domain/password-rule.ts). */
export const PASSWORD_RULE_TEXT =
  'Your password must be at least 8 characters long and include at least one letter, one number, and one special character (e.g. @, #, $, %, !, ^, &, *).';

/** The server refuses longer passwords (hashing cost); checked here so the dialog says why. */
export const MAX_PASSWORD_LENGTH = 256;

/** 8+ characters with a letter, a digit and a special character (neither letter, digit nor space), any script. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= MAX_PASSWORD_LENGTH &&
    /\p{L}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{Nd}\s]/u.test(password)
  );
}

/** Generic shape check for the reset dialog; the server has the last word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
