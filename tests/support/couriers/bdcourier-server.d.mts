/** The couriers BD Courier's documentation lists: key -> the name it gives. */
export const bdCourierCouriers: Readonly<Record<string, string>>;
export type BdCourierServer = {
  port: number;
  /**
   * http://127.0.0.1:<port>: the control routes live under /_control/ (POST /_control/record
   * {phone, couriers: {pathao: {total?, delivered, cancelled}, ...}} or {phone, answer}).
   */
  origin: string;
  /** The API base, as BDCOURIER_API_URL would be set (here the origin; POST <url>/courier-check). */
  url: string;
  /** The key it accepts (Authorization: Bearer <key>). */
  apiKey: string;
  close(): Promise<void>;
};
export function startBdCourierServer(options: { port: number; apiKey?: string }): Promise<BdCourierServer>;
