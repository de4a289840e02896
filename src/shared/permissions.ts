/**
 * Roles and permissions (issue 36, decision 063): the one table that says what each role of the
 * shop's staff may do. Every non-public route contract names the permission it needs (or `user`
 * for anyone signed in), the guard checks it, the OpenAPI document shows it, and the web app shows
 * each person only the pages whose permission they hold. Read by the server and the web app alike.
 */
export const roles = ['customer', 'admin', 'desk', 'packing', 'catalogue', 'auditor'] as const;
export type Role = (typeof roles)[number];
/** Every role but `customer`: the people who work at the shop. */
export type StaffRole = Exclude<Role, 'customer'>;
export const staffRoles: readonly StaffRole[] = ['admin', 'desk', 'packing', 'catalogue', 'auditor'];

/** What a permission lets its holder do (the OpenAPI document and the users page quote these). */
export const permissions = {
  'orders.read': 'See every order, with its prices and its log, and export them',
  'orders.manage': 'Confirm, cancel, edit and delete orders; block phones',
  'orders.take': 'Take orders for customers (phone, Messenger, Facebook comment, walk-in)',
  'orders.pack': 'See Confirmed orders without prices, print packing slips and book couriers',
  'customers.read': "Read a customer's delivery record and the messages the shop sent",
  'catalogue.manage': 'Products, categories, pictures, banners and coupons',
  'sales.read': 'Sales figures, courier cash and SMS use',
  'audit.read': "Check the order log's chain",
  'money.manage': 'Record courier payouts and refund bKash advances',
  'users.manage': 'Users and their roles',
} as const satisfies Record<string, string>;
export type Permission = keyof typeof permissions;
export const allPermissions = Object.keys(permissions) as Permission[];

/**
 * Who holds what. `admin` holds everything (the spec's admin). `desk`: the order desk (orders,
 * customers' records, messages, phone orders, bookings; no catalogue, users or sales figures).
 * `packing`: Confirmed orders without prices, packing slips, courier bookings. `catalogue`: the
 * shop window. `auditor`: read-only auditing, the order log and the sales report.
 */
export const grants: Readonly<Record<Role, readonly Permission[]>> = {
  customer: [],
  admin: allPermissions,
  desk: ['orders.read', 'orders.manage', 'orders.take', 'orders.pack', 'customers.read'],
  packing: ['orders.pack'],
  catalogue: ['catalogue.manage'],
  auditor: ['orders.read', 'audit.read', 'sales.read'],
};

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (roles as readonly string[]).includes(value);

/** Whether a role (a user's, or an order-log actor's) holds a permission; any other role holds none. */
export const roleCan = (role: string, permission: Permission): boolean => isRole(role) && grants[role].includes(permission);

/** Whether a role holds any of the permissions (a route that either of two roles may call). */
export const roleCanAny = (role: string, wanted: Permission | readonly Permission[]): boolean =>
  (typeof wanted === 'string' ? [wanted] : wanted).some((p) => roleCan(role, p));

export const isStaff = (role: string): role is StaffRole => isRole(role) && role !== 'customer';
