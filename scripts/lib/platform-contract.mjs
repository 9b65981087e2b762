/**
 * The platform's own Toss contract, locally (issue 52 item 1, decision 178): test keys the Toss
 * stand-in takes, and the demo's seller. Public, so they only ever work against the stand-in.
 * The demo shop `studio` is paid through this contract: its seller row is seeded
 * (functions/seed/demo.ts DEMO_PLATFORM_SELLER, the same id) and the stand-in starts knowing it.
 */
import { securityKeyOf } from "./toss-payouts-standin.mjs";

export const LOCAL_PLATFORM_TOSS = {
  clientKey: "test_ck_platform_local_0001",
  secretKey: "test_sk_platform_local_0001",
};

export const DEMO_SELLERS = [
  {
    secretKey: LOCAL_PLATFORM_TOSS.secretKey,
    seller: {
      id: "seller_demostudio000000000001",
      refSellerId: "shop-4",
      businessType: "CORPORATE",
      status: "PARTIALLY_APPROVED",
    },
  },
];

/** The Worker's vars for the platform's contract at the stand-in. */
export async function platformContractVars() {
  return {
    PLATFORM_TOSS_CLIENT_KEY: LOCAL_PLATFORM_TOSS.clientKey,
    PLATFORM_TOSS_SECRET_KEY: LOCAL_PLATFORM_TOSS.secretKey,
    PLATFORM_TOSS_SECURITY_KEY: await securityKeyOf(LOCAL_PLATFORM_TOSS.secretKey),
  };
}
