/**
 * Talking to the shop's native app when the storefront runs inside its WebView
 * (docs/decisions/016): React Native's `window.ReactNativeWebView.postMessage(string)` or iOS
 * WKWebView's `window.webkit.messageHandlers.myshop.postMessage(object)`.
 */
type Bridge = (message: AppMessage) => void;

export type AppMessage = { type: "login"; uid: number; url: string };

type AppWindow = Window & {
  ReactNativeWebView?: { postMessage?: (data: string) => void };
  webkit?: { messageHandlers?: { myshop?: { postMessage?: (data: unknown) => void } } };
};

export function nativeBridge(w: Window = window): Bridge | null {
  const app = w as AppWindow;
  const rn = app.ReactNativeWebView;
  if (rn && typeof rn.postMessage === "function") return (m) => rn.postMessage!(JSON.stringify(m));
  const ios = app.webkit?.messageHandlers?.myshop;
  if (ios && typeof ios.postMessage === "function") return (m) => ios.postMessage!(m);
  return null;
}
