import { POSTCODE_PROVIDERS, type PostcodePick, type PostcodeProviderName } from "~/shared/postcode";

/**
 * A postcode search the page can embed: it draws its search inside `container` and calls
 * `onPick` once with the chosen address. Rejects when the provider cannot be loaded (offline,
 * blocked), so the page can say so; typing by hand always remains.
 */
export interface PostcodeProvider {
  embed(container: HTMLElement, onPick: (pick: PostcodePick) => void): Promise<void>;
}

/** The fields of Kakao's `oncomplete` data that we read. */
type DaumResult = {
  zonecode: string;
  roadAddress: string;
  jibunAddress: string;
  userSelectedType: "R" | "J";
  bname: string;
  buildingName: string;
  apartment: "Y" | "N";
};
type DaumPostcode = new (options: { oncomplete: (data: DaumResult) => void; width: string; height: string }) => {
  embed: (element: HTMLElement, options?: { autoClose?: boolean }) => void;
};
type DaumWindow = Window & { daum?: { Postcode?: DaumPostcode }; kakao?: { Postcode?: DaumPostcode } };

const LOAD_TIMEOUT_MS = 10_000;
const loads = new Map<string, Promise<void>>();

/** One load of a provider's script per page; a failed load may be tried again. */
function loadScript(src: string): Promise<void> {
  const known = loads.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    const timer = window.setTimeout(() => reject(new Error("postcode script timed out")), LOAD_TIMEOUT_MS);
    script.onload = () => {
      window.clearTimeout(timer);
      resolve();
    };
    script.onerror = () => {
      window.clearTimeout(timer);
      script.remove();
      reject(new Error("postcode script failed to load"));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loads.delete(src);
    throw error;
  });
  loads.set(src, loading);
  return loading;
}

/**
 * The road address as Kakao's guide composes it: with the legal dong and an apartment's name in
 * parentheses (e.g. "서울 강남구 테헤란로 152 (역삼동, 강남파이낸스센터)"); the lot address if chosen.
 */
export function daumAddress(data: DaumResult): PostcodePick {
  if (data.userSelectedType === "J") return { postcode: data.zonecode, address: data.jibunAddress };
  const extra = [
    /[동로가]$/.test(data.bname) ? data.bname : "",
    data.buildingName && data.apartment === "Y" ? data.buildingName : "",
  ].filter(Boolean);
  return {
    postcode: data.zonecode,
    address: extra.length > 0 ? `${data.roadAddress} (${extra.join(", ")})` : data.roadAddress,
  };
}

const daum: PostcodeProvider = {
  async embed(container, onPick) {
    await loadScript(POSTCODE_PROVIDERS.daum.script);
    const w = window as DaumWindow;
    const Postcode = w.kakao?.Postcode ?? w.daum?.Postcode;
    if (!Postcode) throw new Error("postcode script loaded without its API");
    new Postcode({ oncomplete: (data) => onPick(daumAddress(data)), width: "100%", height: "100%" }).embed(container, {
      autoClose: false,
    });
  },
};

const PROVIDERS: Record<PostcodeProviderName, PostcodeProvider> = { daum };

export const postcodeProvider = (name: PostcodeProviderName): PostcodeProvider => PROVIDERS[name];
