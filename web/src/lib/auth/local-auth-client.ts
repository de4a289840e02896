import { api, bearer } from '../api-client';
import { isHTTPError } from '../http-errors';
import { getToken, removeToken } from './token-store';
import type { ConfirmResetBody, LogInBody, PasswordResetBody, SignUpBody } from '../../../../src/modules/identity/index';
import type { AuthClient, AuthSession, AuthUser } from './types';

/** Email and password accounts kept by the shop's own server (`auth.provider: "local"`). */
export function createLocalAuthClient(): AuthClient {
  return {
    provider: 'local',

    signUp(name, email, password) {
      return api.post('auth/signup', { json: { name, email, password } satisfies SignUpBody }).json<AuthSession>();
    },

    logIn(email, password) {
      return api.post('auth/login', { json: { email, password } satisfies LogInBody }).json<AuthSession>();
    },

    logInWithGoogle() {
      return Promise.reject(new Error('Google sign-in is not available on this shop.'));
    },

    async resetPassword(email) {
      await api.post('auth/password-reset', { json: { email } satisfies PasswordResetBody });
    },

    async confirmPasswordReset(token, password) {
      const { message } = await api
        .post('auth/password-reset/confirm', { json: { token, password } satisfies ConfirmResetBody })
        .json<{ message: string }>();
      return message;
    },

    async restore() {
      const token = getToken();
      if (!token) return null;
      try {
        const { user } = await api.get('auth/me', { headers: bearer(token) }).json<{ user: AuthUser }>();
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
