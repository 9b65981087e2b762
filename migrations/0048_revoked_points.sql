-- Issue 50 item 4, decision 155: points taken back (a deleted or refunded review's reward, what a
-- refunded order earned) stay taken back. A clawback lapses what is left of the entry; what an
-- unpaid order holds of it was not left, and came back to the entry when that order was
-- cancelled. The entry now says when it was taken back, and a release gives such an entry nothing:
-- what it held is taken instead (a history row), never more than the order took from it.
ALTER TABLE point_history ADD COLUMN revoked_at INTEGER;

-- Entries taken back before this column, marked now (when exactly is not kept): a review deleted
-- or with its revoke row, an order's earnings refunded after confirmation or with their revoke row.
UPDATE point_history SET revoked_at = unixepoch() * 1000
WHERE reason = 'review_reward'
  AND (review_id IN (SELECT id FROM reviews WHERE status = 'DELETED')
    OR review_id IN (SELECT review_id FROM point_history WHERE reason = 'review_revoke' AND review_id IS NOT NULL));
UPDATE point_history SET revoked_at = unixepoch() * 1000
WHERE reason = 'order_earn'
  AND (order_id IN (SELECT id FROM orders WHERE refund_after_done = 1)
    OR order_id IN (SELECT order_id FROM point_history WHERE reason = 'order_revoke' AND order_id IS NOT NULL));
