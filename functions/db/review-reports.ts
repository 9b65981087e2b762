/**
 * The platform admin's queue of reported reviews (issue 38, decision 120): reviews of any shop
 * with an open report, and the "문제없음" answer that closes the reports without touching the
 * review. Blinding is ReviewStore.blind, the one piece both the API and /madmin call.
 */
import type { ReviewReportReason } from "~/shared/reviews";
import type { Db } from "./session";

export const REPORTED_PAGE_SIZE = 20;

export type ReportedReview = {
  id: number;
  shop_name: string;
  dom: string;
  product_name: string | null;
  rating: number;
  body: string;
  created_at: number;
  reported_at: number;
  reports: { reason: ReviewReportReason; note: string | null; created_at: number }[];
};

type Row = Omit<ReportedReview, "reports"> & { reports: string };

/** A review still shown whose report nobody has answered. */
const OPEN = `r.status = 'VISIBLE' AND EXISTS (SELECT 1 FROM review_reports x WHERE x.review_id = r.id AND x.resolved_at IS NULL)`;

export class ReviewReportStore {
  constructor(private readonly db: Db) {}

  /** One page of the queue, the latest report first, and how many there are, in one round trip. */
  async open(page: number): Promise<{ rows: ReportedReview[]; total: number }> {
    const [list, count] = await this.db.batch([
      this.db
        .prepare(
          `SELECT r.id, s.name AS shop_name, s.dom, p.title AS product_name, r.rating, r.body, r.created_at,
             (SELECT MAX(x.created_at) FROM review_reports x WHERE x.review_id = r.id AND x.resolved_at IS NULL) AS reported_at,
             (SELECT json_group_array(json_object('reason', x.reason, 'note', x.note, 'created_at', x.created_at))
                FROM review_reports x WHERE x.review_id = r.id AND x.resolved_at IS NULL) AS reports
           FROM reviews r JOIN shops s ON s.id = r.shop_id LEFT JOIN products p ON p.id = r.product_id
           WHERE ${OPEN}
           ORDER BY reported_at DESC, r.id DESC LIMIT ?1 OFFSET ?2`,
        )
        .bind(REPORTED_PAGE_SIZE, (page - 1) * REPORTED_PAGE_SIZE),
      this.db.prepare(`SELECT COUNT(*) AS n FROM reviews r WHERE ${OPEN}`),
    ]);
    const rows = (list!.results as Row[]).map((r) => ({
      ...r,
      reports: JSON.parse(r.reports) as ReportedReview["reports"],
    }));
    return { rows, total: (count!.results[0] as { n: number } | undefined)?.n ?? 0 };
  }

  /**
   * "문제없음": the open reports are resolved and the review stays as it is. False when there was
   * nothing open (answered already, or the review is no longer shown).
   */
  async dismiss(id: number, now: number): Promise<boolean> {
    const { meta } = await this.db
      .prepare(
        `UPDATE review_reports SET resolved_at = ?2 WHERE review_id = ?1 AND resolved_at IS NULL
           AND EXISTS (SELECT 1 FROM reviews WHERE id = ?1 AND status = 'VISIBLE')`,
      )
      .bind(id, now)
      .run();
    return meta.changes > 0;
  }
}
