-- Issue 39, decision 140: the pairs index (migration 0043) answered a word of one character as a
-- prefix query, merging every pair that starts with it, and intersected it with the shop's token,
-- a list of all the shop's products: ㅋ took 4.6 ms in the big shop's 50,000 products, and its page
-- 6 ms more. Now each piece is a word of the index holding its shop and its kind (text or
-- initials), and each character is a piece too: a word of one or two characters is one word of
-- the index, its list exactly the shop's products that have it, cheap to count and to test for one
-- product. The index keeps neither the pieces (contentless) nor their positions (detail=none):
-- nothing reads them back, and a query is never a phrase. About 142 bytes a product on the scale
-- seed, where the table it replaces took 540.
DROP TABLE product_pairs;

CREATE VIRTUAL TABLE product_pairs USING fts5(
  words,
  content = '',
  contentless_delete = 1,
  detail = none,
  tokenize = "unicode61 remove_diacritics 0 categories 'L* M* N* P* S* Co'"
);

-- Filled from the trigram index as it is, in SQL, the words indexEntry (app/shared/search.ts) makes:
-- the body ends with the words without spaces, half of the body without its spaces; the shop's
-- token `#10#` is the text's prefix, `#10$` the initials'; hex() writes a piece's UTF-8 bytes as
-- pieceToken does. A piece met twice is one entry of the index all the same.
INSERT INTO product_pairs (rowid, words)
WITH RECURSIVE
  src(id, tp, np, t, n) AS (
    SELECT rowid, shop, substr(shop, 1, length(shop) - 1) || '$',
      substr(replace(body, ' ', ''), 1, length(replace(body, ' ', '')) / 2), initials
    FROM product_search
  ),
  walk(id, tp, np, t, n, i, w) AS (
    SELECT id, tp, np, t, n, 1, '' FROM src
    UNION ALL
    SELECT id, tp, np, t, n, i + 1,
      w
      || CASE WHEN i > length(t) THEN ''
         ELSE ' ' || tp || hex(substr(t, i, 1)) || CASE WHEN i < length(t) THEN ' ' || tp || hex(substr(t, i, 2)) ELSE '' END END
      || CASE WHEN i > length(n) THEN ''
         ELSE ' ' || np || hex(substr(n, i, 1)) || CASE WHEN i < length(n) THEN ' ' || np || hex(substr(n, i, 2)) ELSE '' END END
    FROM walk WHERE i <= max(length(t), length(n))
  )
SELECT id, w FROM walk WHERE i > max(length(t), length(n));

-- One b-tree of the whole index rather than the segments a fill of this size leaves.
INSERT INTO product_pairs (product_pairs) VALUES ('optimize');
