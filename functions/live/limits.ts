/**
 * How many live sockets one client may hold, and for how long a silent one counts (decisions 094,
 * 150). The rooms (./room.ts) and the per-address ledger (./address.ts) both read these.
 */

/** Sockets one session (a member's login, or a guest's device) may hold open in one room: its tabs. */
export const SOCKETS_PER_SESSION = 10;

/**
 * Sockets one client address may hold open on the whole platform, in every room of every shop
 * together (many logins of one member, an office on the inbox, a household's phones). Device ids
 * cost nothing to invent, so the address is what bounds a client; it is counted per IPv4 address
 * and per IPv6 /64, as every limit here (decision 017).
 */
export const SOCKETS_PER_ADDRESS = 30;

/**
 * A socket that has sent nothing for this long no longer counts toward the caps, and is closed when
 * they are counted: its client pings every 20 s (once a minute in a throttled background tab) and
 * opens a new socket after 45 s of silence, so a dropped network's half-open sockets do not use up
 * the session's room.
 */
export const STALE_AFTER_MS = 3 * 60_000;

/** A socket's room renews its address slot on the first ping this long after the last renewal. */
export const LEASE_RENEW_AFTER_MS = 60_000;

/**
 * An address slot not renewed for this long lapses. A live socket renews at least every two
 * minutes (a throttled tab's minute-apart pings, after the minute above), so only the slots of
 * sockets nobody will ever report closed lapse: a room reset or moved before its close handlers
 * ran, a release that failed. It outlasts STALE_AFTER_MS, so a slot never lapses while its room
 * would still count the socket.
 */
export const LEASE_MS = STALE_AFTER_MS + LEASE_RENEW_AFTER_MS;
