/**
 * The product form's values as the page holds them (decision 106): shared by the page (which draws
 * them) and its action (which puts back what was typed), so not in the server-only module.
 */
import type { AdminProduct } from "~/shared/contracts";

/** An option row as the form holds it: what was typed, and a key that follows the row across posts. */
export type OptionDraft = {
  key: string;
  id: string;
  name: string;
  extra_price: string;
  stock: string;
  /** The stock the row had when the form was loaded ("" for a new row): see ProductOptionBody. */
  loaded: string;
  sold_out: boolean;
  ordered: boolean;
};

/** The form as typed (or as loaded): strings, so a refused number comes back as it was typed. */
export type ProductDraft = {
  title: string;
  price: string;
  list_price: string;
  summary: string;
  description: string;
  category_ids: number[];
  options: OptionDraft[];
  adult_only: boolean;
  members_only: boolean;
  auth_only: boolean;
  sold_out: boolean;
  visible: boolean;
  sort: string;
  /** Decision 110: 'shop', 'free' or 'fixed', with the fixed fee and its 수량별 step as typed. */
  delivery_rule: string;
  delivery_fee: string;
  delivery_per_qty: string;
};

export type ProductResult = {
  draft: ProductDraft;
  errors?: Record<string, string>;
  error?: string;
  /** The category made from the form (intent=add_category), now ticked in `draft`. */
  categoryAdded?: string;
  /** What the new-category field held when making it was refused. */
  newCategory?: string;
};

export const blankOption = (key: string): OptionDraft => ({
  key,
  id: "",
  name: "",
  extra_price: "0",
  // Asked, never assumed: a new row's stock starts empty and is required (issue 52 item 3).
  stock: "",
  loaded: "",
  sold_out: false,
  ordered: false,
});

export function draftOf(p: AdminProduct | null): ProductDraft {
  if (!p) {
    return {
      title: "",
      price: "",
      list_price: "",
      summary: "",
      description: "",
      category_ids: [],
      options: [blankOption("n0")],
      adult_only: false,
      members_only: false,
      auth_only: false,
      sold_out: false,
      visible: true,
      sort: "0",
      delivery_rule: "shop",
      delivery_fee: "",
      delivery_per_qty: "",
    };
  }
  return {
    title: p.title,
    price: String(p.price),
    list_price: p.list_price === null ? "" : String(p.list_price),
    summary: p.summary,
    description: p.description,
    category_ids: p.category_ids,
    options: p.options.map((o) => ({
      key: `o${o.id}`,
      id: String(o.id),
      name: o.name,
      extra_price: String(o.extra_price),
      stock: String(o.stock),
      loaded: String(o.stock),
      sold_out: o.stock === 0,
      ordered: o.ordered,
    })),
    adult_only: p.adult_only,
    members_only: p.members_only,
    auth_only: p.auth_only,
    sold_out: p.sold_out,
    visible: p.visible,
    sort: String(p.sort),
    delivery_rule: p.delivery_rule,
    delivery_fee: p.delivery_rule === "fixed" ? String(p.delivery_fee) : "",
    delivery_per_qty: p.delivery_per_qty > 0 ? String(p.delivery_per_qty) : "",
  };
}
