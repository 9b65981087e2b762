import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
} from "react";

/**
 * Islands: parts of the shop frame (side menu, footer) that are in the HTML as usual but whose
 * scripts load after the page has hydrated (decision 073). The server renders the component itself
 * (app/components/islands.server.ts, which entry.server provides and browsers never get); the browser meets a Suspense boundary whose
 * component is lazy, so React keeps the server's HTML there and hydrates it once the chunk is in.
 * Until then that HTML works as it does without scripts (links, the menu's checkbox).
 *
 * "visible" islands (below the fold, decision 082) wait until their HTML comes within half a
 * screen of the viewport, so a shopper who never scrolls there never pays for them. "use" islands
 * (the side menu, decision 128) wait until the shopper uses them: a change (its checkbox, opened by
 * the header's button), a focus or a touch inside; until then their HTML works without scripts,
 * and new data for them waits too (decision 163).
 */
// The islands by name: declared by app/components/islands.server.ts, which adds its members, so
// that this module imports no component (one of which draws an island itself: an import circle).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Islands {}

/** The islands' components for the server render; in the browser it is empty. */
export const ServerIslands = createContext<Partial<Islands>>({});

/** Islands drawn by this page's first render that have not hydrated yet. */
const waiting = new Map<string, Promise<void>>();
const settle = new Map<string, () => void>();
const hydratedIslands = new Set<string>();

/** `name` is the component's name in islands.server.ts; `load` imports the same component. */
export function island<Props extends object>(
  name: keyof Islands,
  load: () => Promise<ComponentType<Props>>,
  when: "load" | "visible" | "use" = "load",
) {
  const Lazy = lazy(async () => {
    const Component = await load();
    function Hydrated(props: Props) {
      useEffect(() => {
        hydratedIslands.add(name);
        settle.get(name)?.();
      }, []);
      return <Component {...props} />;
    }
    return { default: Hydrated };
  }) as unknown as ComponentType<Props>;
  function Island(props: Props) {
    const Server = (useContext(ServerIslands) as Partial<Record<keyof Islands, ComponentType<Props>>>)[name];
    if (when !== "load") {
      return <WhenNear name={name} props={props} load={load} Server={Server} Lazy={Lazy} trigger={when} />;
    }
    if (!Server && !hydratedIslands.has(name) && !waiting.has(name)) {
      waiting.set(name, new Promise<void>((resolve) => settle.set(name, resolve)));
    }
    return <Suspense fallback={null}>{Server ? <Server {...props} /> : <Lazy {...props} />}</Suspense>;
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

/**
 * A "visible" or "use" island. Hydrating, it gives React its server HTML as opaque markup, which
 * React keeps as it is: a Suspense boundary waiting that long would hold every navigation and
 * revalidation meanwhile (React holds a transition until a boundary under a changed context has
 * hydrated). Near the viewport (or used), or when its data changes, it loads and draws the
 * component in place, with the check boxes of its HTML as the shopper left them (an open menu
 * stays open). Drawn fresh in the browser (a client navigation), it has no HTML and loads at once.
 */
function WhenNear<Props extends object>({
  name,
  props,
  load,
  Server,
  Lazy,
  trigger,
}: {
  name: string;
  props: Props;
  load: () => Promise<ComponentType<Props>>;
  Server?: ComponentType<Props>;
  Lazy: ComponentType<Props>;
  trigger: "visible" | "use";
}) {
  const box = useRef<HTMLDivElement>(null);
  const hydrating = useSyncExternalStore(noChange, notHydrating, duringHydration);
  const [kept] = useState(() => {
    if (!hydrating || typeof document === "undefined") return null;
    const element = document.querySelector(`[data-island="${name}"]`);
    return element?.hasChildNodes() ? element.innerHTML : null;
  });
  const [Component, setComponent] = useState<ComponentType<Props> | null>(null);
  const first = useRef(props);
  const changed = !sameProps(first.current, props);
  const waiting = kept !== null && Component === null;
  // The kept HTML's check boxes, as they were when the drawn component took its place.
  const checked = useRef<[string, boolean][]>([]);
  useEffect(() => {
    if (!waiting) return;
    // Offline, the part stays as it is (its HTML works; a browser keeps a failed module for the
    // page's life, so there is no retrying). Left unhandled, the failure would make the
    // chunk-reload guard reload the page, losing what is on it (a cart change not yet saved).
    const show = () =>
      void load().then((loaded) => {
        const element = box.current;
        checked.current = element
          ? Array.from(element.querySelectorAll<HTMLInputElement>("input[type=checkbox][id]"), (i) => [i.id, i.checked])
          : [];
        setComponent(() => loaded);
      }, ignore);
    // A part nobody has used yet stays as it is when its data changes (the menu after 장바구니 담기:
    // its counts): it is out of sight, and loading it then would be scripts nobody asked for. Its
    // HTML is marked stale; what it says of the visitor is hidden until it is drawn on first use.
    if (changed && trigger !== "use") return show();
    if (trigger === "use") {
      const element = box.current!;
      const events = ["change", "focusin", "pointerdown"] as const;
      const used = () => {
        for (const event of events) element.removeEventListener(event, used);
        show();
      };
      for (const event of events) element.addEventListener(event, used);
      return () => {
        for (const event of events) element.removeEventListener(event, used);
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        show();
      },
      { rootMargin: "50% 0px" },
    );
    observer.observe(box.current!);
    return () => observer.disconnect();
  }, [waiting, changed, load, trigger]);
  useBrowserLayoutEffect(() => {
    if (waiting) return;
    for (const [id, on] of checked.current.splice(0)) {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.checked = on;
    }
  }, [waiting]);
  if (waiting)
    return (
      <div
        key="kept"
        ref={box}
        data-island={name}
        data-stale={changed ? "" : undefined}
        dangerouslySetInnerHTML={{ __html: kept }}
      />
    );
  const Part = Server ?? Component;
  return (
    // data-drawn: the component is in place (browser tests wait for it).
    <div key="drawn" ref={box} data-island={name} data-drawn="">
      {Part ? (
        <Part {...props} />
      ) : (
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      )}
    </div>
  );
}

const ignore = () => {};
/** Before the browser paints the drawn component; the server runs no effect (nor warns of one). */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
const noChange = () => ignore;
const notHydrating = () => false;
/** React reads the server snapshot while hydrating, and only then in the browser. */
const duringHydration = () => true;

/**
 * Whether new props hold the same data: a revalidation brings it again in new objects. An element
 * among them compares by its props (its owner, a fiber, is no data).
 */
function sameProps(a: object, b: object): boolean {
  const data = (key: string, value: unknown) => (key === "_owner" || key === "_store" ? undefined : value);
  try {
    return JSON.stringify(a, data) === JSON.stringify(b, data);
  } catch {
    return a === b; // not plain data
  }
}

/** Resolves once every island of the first render has hydrated (browser tests wait for it). */
export function islandsHydrated(): Promise<unknown> {
  return Promise.all(waiting.values());
}
