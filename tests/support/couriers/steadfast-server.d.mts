export const steadfastStatuses: readonly string[];
export type SteadfastParcel = {
  consignment_id: number;
  invoice: string;
  tracking_code: string;
  recipient_name: string;
  recipient_phone: string;
  recipient_address: string;
  cod_amount: number;
  note: string | null;
  item_description: string | null;
  total_lot: number | null;
  delivery_type: number | null;
  status: string;
  created_at: string;
  updated_at: string;
};
export function startSteadfastServer(options: { port: number; apiKey?: string; secretKey?: string; webhookToken?: string }): Promise<{
  port: number;
  /**
   * http://127.0.0.1:<port>: the control routes live under /_control/ (POST /_control/record
   * {phone, total?, delivered, cancelled} or {phone, answer} sets a phone's fraud check record).
   */
  origin: string;
  /** The API base (…/api/v1), as STEADFAST_BASE_URL would be set. */
  url: string;
  apiKey: string;
  secretKey: string;
  webhookToken: string;
  parcels(): SteadfastParcel[];
  close(): Promise<void>;
}>;
