import { api, bearer, call } from '../api-client';
import { isHTTPError } from '../http-errors';
import { getToken, removeToken } from './token-store';
import type { AuthClient } from './types';

/** Email and password accounts kept by the shop's own server (`auth.provider: "local"`). */
export function createLocalAuthClient(): AuthClient {
  return {
    provider: 'local',

    signUp(name, email, password) {
      return call(api, 'post /auth/signup', { body: { name, email, password } });
    },

    logIn(email, password) {
      return call(api, 'post /auth/login', { body: { email, password } });
    },

    logInWithGoogle() {
      return Promise.reject(new Error('Google sign-in is not available on this shop.'));
    },

    async resetPassword(email) {
      await call(api, 'post /auth/password-reset', { body: { email } });
    },

    async confirmPasswordReset(token, password) {
      const { message } = await call(api, 'post /auth/password-reset/confirm', { body: { token, password } });
      return message;
    },

    async restore() {
      const token = getToken();
      if (!token) return null;
      try {
        const { user } = await call(api, 'get /auth/me', { headers: bearer(token) });
        return { token, user };
      } catch (error) {
        // Expired, tampered with, or the account is gone: forget it. Other failures keep it for next time.
        if (isHTTPError(error) && error.response.status === 401) {
          removeToken();
          return null;
        }
        throw error;
      }
    },

    async logOut() {
      // The server keeps no session list: dropping the token (done by the AuthProvider) is the log-out.
    },
  };
}
