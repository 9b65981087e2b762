/**
 * The live socket's close codes (decisions 065, 094): the Worker closes with them, the browser
 * reads them to decide whether to connect again. No dependencies: it ships to browsers.
 */
export const LIVE_CLOSE = {
  /** Nobody to listen as (no session, no device, no table). */
  nobody: 4401,
  /** Not this person's room (a member asking for the inbox). */
  notYours: 4403,
  /** Too many frames in the window, or too many sockets of one session in the room or of one address. */
  tooMany: 4429,
} as const;

/**
 * Whether the browser opens the socket again after it closed with `code`. A refusal stands: the
 * same person asking again gets the same answer, so retrying would only be a loop of handshakes
 * (4429 included: a page over the cap stays without live events until it is loaded again).
 */
export function reconnectsAfter(code: number): boolean {
  return code !== LIVE_CLOSE.nobody && code !== LIVE_CLOSE.notYours && code !== LIVE_CLOSE.tooMany;
}
