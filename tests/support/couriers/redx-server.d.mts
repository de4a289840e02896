export type RedxServer = {
  port: number;
  /** The base URL the adapter takes (REDX_BASE_URL): http://127.0.0.1:<port>/v1.0.0-beta */
  url: string;
  /** The access token it accepts (API-ACCESS-TOKEN: Bearer <token>). */
  token: string;
  /** The `?token=` it puts on the webhooks it sends unless told otherwise. */
  webhookToken: string;
  close(): Promise<void>;
};
export function startRedxServer(options: { port: number; token?: string; webhookToken?: string }): Promise<RedxServer>;
