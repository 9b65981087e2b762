/**
 * Where the purchase-safety service (에스크로) applies (issue 35 item 5, decision 103): shared by
 * the order sheet, which offers it, and the API, which must not send useEscrow where it was not
 * offered.
 */
import type { ShopInfo } from "./contracts/shop";
import type { PayChoice } from "./limits";

/**
 * Whether the order sheet offers escrow for this choice. Only a virtual account can carry Toss's
 * useEscrow here: cards are not cash paid in advance, wallets are Toss's partners' own, and
 * 무통장입금 goes to the shop's own account, which Toss never holds.
 */
export function escrowOffered(shop: Pick<ShopInfo, "escrow">, choice: PayChoice): boolean {
  return choice === "vbank" && shop.escrow?.provider === "toss" && shop.escrow.vbank;
}

/**
 * Toss Payments' page that confirms a shop joined its purchase-safety service, by 상점아이디.
 * Not in Toss's developer docs (decision 103): this is the LG U+ address under Toss's host, as
 * shops' footers link it since the hand-over (pgweb.uplus.co.kr before); check it if a shopper
 * reports the page missing.
 */
const TOSS_ESCROW_CHECK = "https://pgweb.tosspayments.com/ms/escrow/s_escrowYn.do?mertid=";

/** The footer's verification link for a shop's Toss MID. */
export function tossEscrowCheckUrl(mid: string): string {
  return `${TOSS_ESCROW_CHECK}${encodeURIComponent(mid)}`;
}

/**
 * Whether 무통장입금 gets the note pointing to 가상계좌 (koEscrow.bankNote): the shop offers escrow,
 * but not on a transfer to its own account.
 */
export function escrowBankNote(shop: Pick<ShopInfo, "escrow">, choice: PayChoice): boolean {
  return choice === "bank" && escrowOffered(shop, "vbank");
}
