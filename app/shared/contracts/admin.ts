/** The owner console's stock and notice calls (issue 9, point 4). Orders are in orders.ts. */
import { z } from "zod";
import { NoticeBody, NoticeDeleteBody, PhotoChangeBody, PointTermsBody, StockBody } from "../forms/admin";
import { endpoint, page } from "./core";

export const StockProduct = z.object({
  id: z.number().int(),
  sid: z.string(),
  title: z.string(),
  /** The main picture's storage key, and how many pictures the product has. */
  image: z.string().nullable(),
  photos: z.number().int(),
  sold_out: z.boolean(),
  visible: z.boolean(),
  options: z.array(z.object({ id: z.number().int(), name: z.string(), stock: z.number().int() })),
});
export type StockProduct = z.infer<typeof StockProduct>;

/** One of the shop's own products and its pictures, the main one first. */
export const ProductPhotos = z.object({
  id: z.number().int(),
  sid: z.string(),
  title: z.string(),
  images: z.array(z.string()),
});
export type ProductPhotos = z.infer<typeof ProductPhotos>;

export const adminApi = {
  adminStock: endpoint({
    method: "GET",
    path: "/api/myshp/admin/stock",
    query: z.object({ q: z.string().trim().max(40).default(""), page }),
    response: z.object({ items: z.array(StockProduct), page: z.number().int(), pages: z.number().int() }),
  }),
  adminStockSet: endpoint({
    method: "POST",
    path: "/api/myshp/admin/stock/set",
    query: z.object({}),
    body: StockBody,
    response: z.object({ option_id: z.number().int(), stock: z.number().int() }),
  }),
  adminPhotos: endpoint({
    method: "GET",
    path: "/api/myshp/admin/photos",
    query: z.object({ id: z.coerce.number().int().positive() }),
    response: ProductPhotos,
  }),
  adminPhotoChange: endpoint({
    method: "POST",
    path: "/api/myshp/admin/photos/change",
    query: z.object({}),
    body: PhotoChangeBody,
    /** `unused`: a removed photo no product of the shop shows any more, for the page to drop its file. */
    response: ProductPhotos.extend({ unused: z.array(z.string()) }),
  }),
  adminPointTerms: endpoint({
    method: "POST",
    path: "/api/myshp/admin/points",
    query: z.object({}),
    body: PointTermsBody,
    response: z.object({ point: z.boolean(), point_rate: z.number(), point_unit: z.number().int() }),
  }),
  adminNoticeSave: endpoint({
    method: "POST",
    path: "/api/myshp/admin/notice",
    query: z.object({}),
    body: NoticeBody,
    response: z.object({ id: z.number().int() }),
  }),
  adminNoticeDelete: endpoint({
    method: "POST",
    path: "/api/myshp/admin/notice/delete",
    query: z.object({}),
    body: NoticeDeleteBody,
    response: z.object({ ok: z.literal(true) }),
  }),
};
