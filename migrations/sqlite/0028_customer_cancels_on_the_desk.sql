-- Hand-written (issue 33): an order its customer canceled stays on the admins' desk, canceled by
-- the customer; the listing's `removed` now marks only an admin's Deleted (order-rows.ts). Nothing
-- followed a customer's cancel, so these rows were removed by it alone. The triggers on orders
-- (0022) move the desk's Canceled count with them, in this statement.
UPDATE `orders` SET `removed` = 0 WHERE `removed` = 1 AND `canceled_by` = 'customer';
