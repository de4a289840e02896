import type { DeliveryZone } from '../../shared/money.js';

/** A customer record (issue 36, decision 064): a person the shop knows by a phone number. */
export type CustomerRecord = {
  id: string;
  /** Normalised: +8801XXXXXXXXX. */
  phone: string;
  /** The latest the staff wrote; '' for a record a proven phone made before any staff order. */
  name: string;
  address: string;
  district: string | null;
  thana: string | null;
  deliveryLocation: DeliveryZone | null;
  /** The account that proved the phone (and so sees the orders taken for it); null: nobody yet. */
  userId: string | null;
  claimedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** What the staff write about a person when they take an order for them. */
export type CustomerFields = { phone: string; name: string; address: string; district?: string | undefined; thana?: string | undefined; deliveryLocation: DeliveryZone };

/** The customers table: writes only inside an ordering transaction (a staff order, a phone proven), which takes the order log's head first. */
export type CustomerStore = {
  byPhone(phone: string): Promise<CustomerRecord | null>;
  insert(record: CustomerRecord): Promise<void>;
  /** Writes the staff's latest name, address and area over the record's. */
  update(id: string, fields: Omit<CustomerFields, 'phone'>, at: Date): Promise<void>;
  /** Links the record to an account, only while it has none (or, `from`, while that account holds it): whether it did. */
  claim(id: string, userId: string, at: Date, from?: string | null): Promise<boolean>;
  /** The ids of the records an account claimed, newest claim first, at most `limit`. */
  claimedBy(userId: string, limit: number): Promise<string[]>;
};
