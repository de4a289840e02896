export type AuthEmulator = {
  host: string;
  projectId: string;
  clear(): Promise<void>;
  stop(): Promise<void>;
};
export function startAuthEmulator(options: { projectId: string; port: number }): Promise<AuthEmulator>;
