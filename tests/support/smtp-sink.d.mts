export type SinkMessage = { to: string[]; subject: string; text: string; raw: string };
export function decodeQuotedPrintable(body: string): string;
export function startSmtpSink(options: { port: number }): Promise<{
  port: number;
  messages: SinkMessage[];
  waitFor(to: string, timeoutMs?: number): Promise<SinkMessage>;
  close(): Promise<void>;
}>;
