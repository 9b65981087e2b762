import { lazy, Suspense, useEffect, type ComponentType } from "react";
import * as onServer from "./islands.server";

/**
 * Islands: parts of the shop frame (side menu, footer) that are in the HTML as usual but whose
 * scripts load after the page has hydrated (decision 073). The server renders the component itself
 * (from islands.server.ts, which browsers never get); the browser meets a Suspense boundary whose
 * component is lazy, so React keeps the server's HTML there and hydrates it once the chunk is in.
 * Until then that HTML works as it does without scripts (links, the menu's checkbox).
 */
type Islands = typeof onServer;

/** Islands drawn by this page's first render that have not hydrated yet. */
const waiting = new Map<string, Promise<void>>();
const settle = new Map<string, () => void>();
const hydratedIslands = new Set<string>();

/** `name` is the component's export in islands.server.ts; `load` imports the same component. */
export function island<Props extends object>(name: keyof Islands, load: () => Promise<ComponentType<Props>>) {
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
    const Server = (onServer as Partial<Record<keyof Islands, ComponentType<Props>>>)[name];
    if (!Server && !hydratedIslands.has(name) && !waiting.has(name)) {
      waiting.set(name, new Promise<void>((resolve) => settle.set(name, resolve)));
    }
    return <Suspense fallback={null}>{Server ? <Server {...props} /> : <Lazy {...props} />}</Suspense>;
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

/** Resolves once every island of the first render has hydrated (browser tests wait for it). */
export function islandsHydrated(): Promise<unknown> {
  return Promise.all(waiting.values());
}
