export type SmsSinkMessage = { to: string; message: string; at: string };
export function startSmsSink(options: { port: number }): Promise<{
  port: number;
  messages: SmsSinkMessage[];
  setDown(value: boolean): void;
  close(): Promise<void>;
}>;
