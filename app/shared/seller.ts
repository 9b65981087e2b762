/**
 * Who sells, and what the law asks the seller to tell buyers before a shop takes orders (issue 52
 * item 2, decision 175). Pure: the order path, the storefront, the console and the dashboard all
 * ask `legalGaps`, so they never disagree about whether a shop may sell.
 */
import * as z from "zod";
import { koSeller } from "./messages/seller";

/**
 * The seller's kind, as stored in shops.seller_type (migration 0051). The names are the ones the
 * payout-seller registration with Toss maps one to one: individual → INDIVIDUAL, sole →
 * INDIVIDUAL_BUSINESS, corporate → CORPORATE (see TOSS_SELLER_TYPE).
 */
export const SELLER_TYPES = ["individual", "sole", "corporate"] as const;
export const SellerType = z.enum(SELLER_TYPES, { error: koSeller.typeError });
export type SellerType = z.infer<typeof SellerType>;

/** Toss Payments' businessType for a payout seller of each kind. */
export const TOSS_SELLER_TYPE = {
  individual: "INDIVIDUAL",
  sole: "INDIVIDUAL_BUSINESS",
  corporate: "CORPORATE",
} as const satisfies Record<SellerType, string>;

export const isBusiness = (t: SellerType | null | undefined) => t === "sole" || t === "corporate";

/** The seller details a shop row carries (shops columns; ShopInfo and ShopSettings have them all). */
export type SellerDetails = {
  seller_type: SellerType | null;
  corpname: string | null;
  ceo: string | null;
  idnum: string | null;
  idnum_singo: string | null;
  address: string | null;
  tel: string | null;
  email: string | null;
};

/** A detail the law asks for; `name` is the individual's own name (kept in the ceo column). */
export const LEGAL_FIELDS = [
  "seller_type",
  "corpname",
  "ceo",
  "name",
  "idnum",
  "idnum_singo",
  "address",
  "tel",
  "email",
] as const satisfies readonly (keyof typeof koSeller.gaps)[];
export type LegalField = (typeof LEGAL_FIELDS)[number];

/**
 * 사업자 (전자상거래법 §10, 시행규칙 §7 — the footer): 상호, 대표자, 사업자등록번호, 통신판매업
 * 신고번호, 사업장 주소, 전화, 이메일. A 신고번호 always has digits ("제2024-서울강남-01234호"):
 * "신고 준비 중" or "면제" is not one, so it stays a gap (decision 175).
 */
const BUSINESS: LegalField[] = ["corpname", "ceo", "idnum", "idnum_singo", "address", "tel", "email"];
/**
 * 개인 판매자: the platform, which hosts a seller who is no business, must give the buyer the
 * seller's 이름, 연락처, 이메일 and 주소 (전자상거래법 §20②).
 */
const INDIVIDUAL: LegalField[] = ["name", "tel", "email", "address"];

const filled = (v: string | null | undefined) => (v ?? "").trim() !== "";

function has(shop: SellerDetails, field: LegalField): boolean {
  switch (field) {
    case "seller_type":
      return shop.seller_type !== null;
    case "name":
      return filled(shop.ceo);
    case "idnum_singo":
      return /\d/.test(shop.idnum_singo ?? "");
    default:
      return filled(shop[field]);
  }
}

/**
 * The details this shop still lacks before it may take an order, in the form's order; empty when
 * it may sell. A shop that has not said what kind of seller it is lacks that first, and the
 * details every kind needs.
 */
export function legalGaps(shop: SellerDetails): LegalField[] {
  const needed: LegalField[] =
    shop.seller_type === null ? ["seller_type", ...INDIVIDUAL] : isBusiness(shop.seller_type) ? BUSINESS : INDIVIDUAL;
  return needed.filter((f) => !has(shop, f));
}

/** The gaps as the owner reads them: "상호, 통신판매업신고번호". */
export const gapLabels = (gaps: LegalField[]) => gaps.map((g) => koSeller.gaps[g]).join(", ");
