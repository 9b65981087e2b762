/**
 * Opens PortOne V2's identity verification window (decision 114) in redirect mode, as on phones:
 * the page goes to the window and PortOne sends the shopper back to `redirectUrl`. The SDK is
 * loaded here, on /identity/start only, from the address the server named (PortOne's, or the
 * local stand-in's); that page's CSP allows its origin. A rejection means the window never opened.
 */
type PortOneSdk = { requestIdentityVerification: (o: Record<string, unknown>) => Promise<unknown> };

export type IdentityWindow = {
  sdk_url: string;
  store_id: string;
  channel_key: string;
  id: string;
  redirect_url: string;
};

function loadSdk(src: string): Promise<PortOneSdk> {
  const ready = () => (window as unknown as { PortOne?: PortOneSdk }).PortOne;
  const sdk = ready();
  if (sdk) return Promise.resolve(sdk);
  return new Promise<PortOneSdk>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => {
      const loaded = ready();
      if (loaded) resolve(loaded);
      else reject(new Error("PortOne missing"));
    };
    script.onerror = () => reject(new Error("PortOne SDK not loaded"));
    document.head.appendChild(script);
  });
}

export async function openIdentityWindow(w: IdentityWindow): Promise<void> {
  const PortOne = await loadSdk(w.sdk_url);
  // Not awaited: in redirect mode the promise settles only if the page stays.
  void PortOne.requestIdentityVerification({
    storeId: w.store_id,
    identityVerificationId: w.id,
    channelKey: w.channel_key,
    redirectUrl: w.redirect_url,
  });
}
