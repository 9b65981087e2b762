-- Mail about an order (issue 9, point 5): a guest may leave an address on the order sheet; a
-- member's mail goes to their account's address.
ALTER TABLE orders ADD COLUMN buyer_email TEXT;
