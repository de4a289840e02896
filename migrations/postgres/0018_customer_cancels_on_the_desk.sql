-- Hand-written (issue 33), as SQLite's 0028: an order its customer canceled stays on the admins'
-- desk, canceled by the customer; the listing's `removed` now marks only an admin's Deleted
-- (order-rows.ts). Nothing followed a customer's cancel, so these rows were removed by it alone.
-- The statement trigger on orders (0014) moves the desk's Canceled count with them.
UPDATE "orders" SET "removed" = false WHERE "removed" AND "canceled_by" = 'customer';
