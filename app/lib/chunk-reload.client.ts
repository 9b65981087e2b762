/**
 * After a deploy, a tab opened before it asks for route chunks that no longer exist. Reloading
 * fetches the new build; a timestamp in sessionStorage makes sure we reload at most once a
 * minute, so a chunk that is really broken cannot cause a reload loop.
 */
export const CHUNK_RELOAD_KEY = "chunk-reload-at";
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? "");
  return CHUNK_ERROR.test(message);
}

/** Reloads unless we already did within the last minute. Returns whether it reloaded. */
export function reloadForStaleChunk(
  storage: Pick<Storage, "getItem" | "setItem"> = sessionStorage,
  now = Date.now(),
  reload: () => void = () => window.location.reload(),
): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}

export function installChunkReload(): void {
  const onError = (reason: unknown) => {
    if (isChunkLoadError(reason)) reloadForStaleChunk();
  };
  window.addEventListener("error", (e) => onError(e.error ?? e.message));
  window.addEventListener("unhandledrejection", (e) => onError(e.reason));
}
