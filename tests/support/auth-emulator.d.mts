export type AuthEmulator = {
  host: string;
  projectId: string;
  /** The emulator's Identity Toolkit REST API, as the Firebase JS SDK calls it (signUp, update, signInWithPassword). */
  accounts(method: string, body: object): Promise<{ idToken: string; localId: string }>;
  clear(): Promise<void>;
  stop(): Promise<void>;
};
export function startAuthEmulator(options: { projectId: string; port: number }): Promise<AuthEmulator>;
