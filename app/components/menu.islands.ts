/**
 * The side menu, an island of its own that loads when the shopper first uses it (decision 128):
 * the menu and its account part (greeting, counts, my menu), about 3 KB of script a shopper who
 * never opens the menu does not download. Its HTML, opened by the header's checkbox, works before.
 */
export { ShopMenu } from "./ShopMenu";
