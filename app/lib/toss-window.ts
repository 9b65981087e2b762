import type { PaymentWindow } from "~/shared/contracts/cart";

/**
 * Opens Toss Payments' standard payment window (SDK v2) for an attempt the order sheet's action
 * recorded (decision 102). The SDK is loaded here, on the order sheet and only when the shopper
 * pays by card, a wallet or a virtual account, from the address the server named (Toss's, or
 * the local stand-in's): the page's CSP allows that origin on this page only. On a phone the
 * window replaces the page and comes back to the success or fail address; a rejection here means
 * it never opened (or, on a computer, was closed).
 */

type TossSdk = (clientKey: string) => {
  payment: (o: { customerKey: string }) => { requestPayment: (request: Record<string, unknown>) => Promise<unknown> };
};

let loading: Promise<TossSdk> | null = null;

function loadSdk(src: string): Promise<TossSdk> {
  const ready = () => (window as unknown as { TossPayments?: TossSdk }).TossPayments;
  const sdk = ready();
  if (sdk) return Promise.resolve(sdk);
  loading ??= new Promise<TossSdk>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => {
      const loaded = ready();
      if (loaded) resolve(loaded);
      else reject(new Error("TossPayments missing"));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error("TossPayments SDK not loaded"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export type WindowRequest = PaymentWindow & { success_url: string; fail_url: string };

/** Resolves when the window was asked for; its outcome arrives at the success or fail address. */
export async function openPaymentWindow(w: WindowRequest): Promise<void> {
  const TossPayments = await loadSdk(w.sdk_url);
  const payment = TossPayments(w.client_key).payment({ customerKey: w.customer_key });
  await payment.requestPayment({
    method: w.method,
    amount: { currency: "KRW", value: w.amount },
    orderId: w.order_id,
    orderName: w.order_name,
    successUrl: w.success_url,
    failUrl: w.fail_url,
    customerName: w.customer_name,
    ...(w.customer_email ? { customerEmail: w.customer_email } : {}),
    ...(w.customer_mobile_phone ? { customerMobilePhone: w.customer_mobile_phone } : {}),
    ...(w.easy_pay ? { card: { flowMode: "DIRECT", easyPay: w.easy_pay } } : {}),
    ...(w.method === "VIRTUAL_ACCOUNT"
      ? {
          virtualAccount: {
            validHours: w.valid_hours ?? 72,
            cashReceipt: { type: "소득공제" },
            useEscrow: w.use_escrow,
          },
        }
      : {}),
  });
}
