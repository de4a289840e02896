export const pathaoIntegrationSecret: string;
export const pathaoFakeCredentials: Readonly<PathaoFakeCredentials>;

export type PathaoFakeCredentials = {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  storeId: number;
  webhookSecret: string;
};

/** A parcel as the fake keeps it: the order's fields as Pathao took them, and where it stands. */
export type PathaoFakeParcel = {
  consignment_id: string;
  merchant_order_id: string | null;
  store_id: number;
  recipient_name: string;
  recipient_phone: string;
  recipient_address: string;
  recipient_city: number;
  recipient_zone: number;
  recipient_area: number | null;
  delivery_type: number;
  item_type: number;
  item_quantity: number;
  item_weight: number;
  amount_to_collect: number;
  item_description: string;
  special_instruction: string;
  order_status: string;
  delivery_fee: number;
  collected_amount: number | null;
  invoice_id: string | null;
  updated_at: string;
};

export type PathaoFakeRequest = { method: string; path: string; grantType?: string };

export function startPathaoServer(
  options: { port: number; tokenTtlSeconds?: number } & Partial<PathaoFakeCredentials>,
): Promise<{
  port: number;
  url: string;
  credentials: PathaoFakeCredentials;
  parcels(): PathaoFakeParcel[];
  requests(): PathaoFakeRequest[];
  close(): Promise<void>;
}>;
