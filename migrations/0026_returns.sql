-- Issue 35 item 4, decision 104: a return (반품) may cover some of an order's lines. The owner
-- chooses, when accepting a return or taking one after 구매확정, how many of each line come back;
-- those quantities are what goes back to stock, and their value (app/shared/money.ts
-- `returnRefund`) is what the refund sends back, by Toss or by hand.
-- line_no: the line's place in the order (order_lines in rowid order, as every page lists them).
CREATE TABLE order_returns (
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  line_no INTEGER NOT NULL CHECK (line_no >= 0),
  option_id INTEGER NOT NULL,
  qty INTEGER NOT NULL CHECK (qty > 0),
  unit_price INTEGER NOT NULL CHECK (unit_price >= 0),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (order_id, line_no)
);

-- What a return sends back, fixed when the return is accepted (NULL: no return chosen, the whole
-- payment goes back as before). refund_amount is written from it at 환불완료.
ALTER TABLE orders ADD COLUMN return_amount INTEGER CHECK (return_amount IS NULL OR return_amount >= 0);
