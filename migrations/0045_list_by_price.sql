-- Issue 39: a list or search in order of price (낮은가격순, 높은가격순). The shop's own goods are
-- walked in order of price on this index until the page is full, where every product on show was
-- joined to its goods and sorted (17-32 ms in the 50,000-product shop). In order of likes (인기순)
-- they walk products_shop_popular (below).
CREATE INDEX products_shop_price ON products(shop_id, visible, ptype, price, sort);
-- In order of likes, ties in the shop's own order: products_shop_liked breaks ties by comments (the
-- recommendations' order), so a far page sorted every product of a tie (page 500: 21 ms).
CREATE INDEX products_shop_popular ON products(shop_id, visible, ptype, like_count DESC, sort);
