-- Issue 39, decision 137: a search word of one or two characters (토너, 샴푸, 향수, 빵, ㅌㄴ) was a
-- LIKE over every entry of the shop's trigram index, which cannot look up fewer than three
-- characters: 155 ms in the big shop's 50,000 products for 토너, the commonest kind of Korean query.
-- This index holds each product's pairs of neighbouring characters (its words without spaces) and
-- its last character, as words of their own (app/shared/search.ts pairsOf): a two-character word
-- is one of them, a one-character word the start of some (a prefix query). `shop` is the shop's
-- token as in product_search, so a search reads only its shop's entries. The tokenizer keeps every
-- character but spaces and controls, so `0+` or `1+` are words as typed.
CREATE VIRTUAL TABLE product_pairs USING fts5(
  shop,
  pairs,
  initials,
  tokenize = "unicode61 remove_diacritics 0 categories 'L* M* N* P* S* Co'"
);

-- Filled from the index as it is, in SQL, the same pieces pairsOf makes: the body ends with the
-- words without spaces (app/shared/search.ts indexBody), which is half of the body without its
-- spaces; substr(…, i, 2) at the last character is that character alone.
INSERT INTO product_pairs (rowid, shop, pairs, initials)
WITH RECURSIVE
  src(id, shop, t, n) AS (
    SELECT rowid, shop, substr(replace(body, ' ', ''), 1, length(replace(body, ' ', '')) / 2), initials
    FROM product_search
  ),
  walk(id, shop, t, n, i, tp, np) AS (
    SELECT id, shop, t, n, 1, '', '' FROM src
    UNION ALL
    SELECT id, shop, t, n, i + 1,
      tp || CASE WHEN i > length(t) THEN '' WHEN i = 1 THEN substr(t, i, 2) ELSE ' ' || substr(t, i, 2) END,
      np || CASE WHEN i > length(n) THEN '' WHEN i = 1 THEN substr(n, i, 2) ELSE ' ' || substr(n, i, 2) END
    FROM walk WHERE i <= max(length(t), length(n))
  )
SELECT id, shop, tp, np FROM walk WHERE i > max(length(t), length(n));
