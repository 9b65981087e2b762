-- Issue 52 item 5, decision 179: a line's 판매취소 of an order paid by 무통장입금, or by a virtual
-- account whose buyer has not given a refund account yet. Its money does not go back in the same
-- press: it is owed to the buyer for that line (in orders.refund_amount already, so the sales drop
-- at once) until the owner marks it sent by hand, or Toss gives it back to the account the buyer
-- gives. NULL here: owed; a time: given back then.
ALTER TABLE order_line_cancels ADD COLUMN refunded_at INTEGER;

-- Every line cancelled before this went back through Toss in the same press (decision 176).
UPDATE order_line_cancels SET refunded_at = created_at;
