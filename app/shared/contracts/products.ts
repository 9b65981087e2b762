/** The console's products and categories (issue 36 items 2 and 3, decision 106). */
import { z } from "zod";
import { CategoryActionBody, CategoryBody, PRODUCT_STATUSES, ProductActionBody, ProductBody } from "../forms/products";
import { endpoint, page } from "./core";
import { DELIVERY_RULES } from "../money";

export const AdminProductRow = z.object({
  id: z.number().int(),
  sid: z.string(),
  ptype: z.enum(["normal", "pick"]),
  title: z.string(),
  price: z.number().int(),
  image: z.string().nullable(),
  stock: z.number().int(),
  status: z.enum(["on_sale", "sold_out", "hidden"]),
});
export type AdminProductRow = z.infer<typeof AdminProductRow>;

export const AdminProduct = z.object({
  id: z.number().int(),
  sid: z.string(),
  title: z.string(),
  price: z.number().int(),
  list_price: z.number().int().nullable(),
  summary: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  category_ids: z.array(z.number().int()),
  options: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      extra_price: z.number().int(),
      stock: z.number().int(),
      /** An option that is on some order's line: it can be marked sold out, never taken off. */
      ordered: z.boolean(),
    }),
  ),
  adult_only: z.boolean(),
  members_only: z.boolean(),
  auth_only: z.boolean(),
  sold_out: z.boolean(),
  visible: z.boolean(),
  sort: z.number().int(),
  /** Decision 110: the product's delivery rule (`delivery_per_qty` 0: once, whatever the quantity). */
  delivery_rule: z.enum(DELIVERY_RULES),
  delivery_fee: z.number().int(),
  delivery_per_qty: z.number().int(),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

export const AdminCategory = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
  visible: z.boolean(),
  products: z.number().int(),
});
export type AdminCategory = z.infer<typeof AdminCategory>;

export const productsApi = {
  adminProducts: endpoint({
    method: "GET",
    path: "/api/myshp/admin/products",
    query: z.object({
      q: z.string().trim().max(40).default(""),
      status: z.enum(PRODUCT_STATUSES).catch("all"),
      page,
    }),
    response: z.object({
      items: z.array(AdminProductRow),
      total: z.number().int(),
      page: z.number().int(),
      pages: z.number().int(),
    }),
  }),
  adminProduct: endpoint({
    method: "GET",
    path: "/api/myshp/admin/product",
    query: z.object({ id: z.coerce.number().int().positive() }),
    response: AdminProduct,
  }),
  adminProductSave: endpoint({
    method: "POST",
    path: "/api/myshp/admin/product/save",
    query: z.object({}),
    body: ProductBody,
    response: z.object({ id: z.number().int(), sid: z.string() }),
  }),
  adminProductAction: endpoint({
    method: "POST",
    path: "/api/myshp/admin/product/action",
    query: z.object({}),
    body: ProductActionBody,
    response: z.object({
      id: z.number().int(),
      done: z.enum(["hidden", "shown", "copied", "removed", "kept"]),
      /** A removal's photos no product of the shop shows any more: the page drops their files. */
      unused: z.array(z.string()),
    }),
  }),
  adminCategories: endpoint({
    method: "GET",
    path: "/api/myshp/admin/categories",
    query: z.object({}),
    response: z.object({ categories: z.array(AdminCategory) }),
  }),
  adminCategorySave: endpoint({
    method: "POST",
    path: "/api/myshp/admin/category/save",
    query: z.object({}),
    body: CategoryBody,
    response: z.object({ id: z.number().int() }),
  }),
  adminCategoryAction: endpoint({
    method: "POST",
    path: "/api/myshp/admin/category/action",
    query: z.object({}),
    body: CategoryActionBody,
    response: z.object({ ok: z.literal(true) }),
  }),
};
