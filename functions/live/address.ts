import { DurableObject } from "cloudflare:workers";
import { LEASE_MS, SOCKETS_PER_ADDRESS } from "./limits";

/**
 * The live sockets of one client address on the whole platform (issue 50, decision 150): one
 * Durable Object per counted address, named by it, holding one lease per open socket. The Worker
 * takes a lease before it hands an upgrade to a room (functions/live/publisher.ts) and the room
 * gives it back when the socket closes (functions/live/room.ts). A room that never reports a close
 * (reset, or its release failed) does not leak the slot: a lease lapses LEASE_MS after it was taken
 * or last renewed, and the room renews it while its client pings.
 *
 * SQLite storage, so a lease outlives this object's eviction; every change is one synchronous
 * statement, so no two upgrades in a burst see the same count. An alarm clears lapsed leases and,
 * once none is left, the object's storage.
 */
export class LiveAddress extends DurableObject<unknown> {
  /** A new lease's id, or null when the address already holds SOCKETS_PER_ADDRESS live ones. */
  async reserve(): Promise<string | null> {
    const now = Date.now();
    const sql = this.leases();
    sql.exec("DELETE FROM leases WHERE expires <= ?", now);
    const held = sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM leases").one().n;
    if (held >= SOCKETS_PER_ADDRESS) return null;
    const id = crypto.randomUUID();
    sql.exec("INSERT INTO leases (id, expires) VALUES (?, ?)", id, now + LEASE_MS);
    await this.sweepBy(now + LEASE_MS);
    return id;
  }

  /**
   * The socket of this lease is still open: it lasts LEASE_MS from now. A lease that lapsed
   * meanwhile is taken again (the socket is real), even past the cap: the cap refuses new sockets,
   * never open ones.
   */
  async renew(id: string): Promise<void> {
    const expires = Date.now() + LEASE_MS;
    this.leases().exec(
      "INSERT INTO leases (id, expires) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET expires = excluded.expires",
      id,
      expires,
    );
    await this.sweepBy(expires);
  }

  /** The socket of this lease closed (or was never opened). Twice is harmless. */
  async release(id: string): Promise<void> {
    this.leases().exec("DELETE FROM leases WHERE id = ?", id);
  }

  /** Leases still held: for the tests and the log. */
  async held(): Promise<number> {
    return this.leases().exec<{ n: number }>("SELECT COUNT(*) AS n FROM leases WHERE expires > ?", Date.now()).one().n;
  }

  async alarm(): Promise<void> {
    const sql = this.leases();
    sql.exec("DELETE FROM leases WHERE expires <= ?", Date.now());
    const next = sql.exec<{ at: number | null }>("SELECT MIN(expires) AS at FROM leases").one().at;
    // Nothing held: an address that has gone away leaves nothing stored.
    if (next === null) await this.ctx.storage.deleteAll();
    else await this.ctx.storage.setAlarm(next);
  }

  /** The table, made on first use (and again after the storage was cleared). */
  private leases(): SqlStorage {
    const sql = this.ctx.storage.sql;
    sql.exec("CREATE TABLE IF NOT EXISTS leases (id TEXT PRIMARY KEY, expires INTEGER NOT NULL)");
    return sql;
  }

  /** An alarm no later than `at`, so lapsed leases are cleared even if no socket asks again. */
  private async sweepBy(at: number): Promise<void> {
    const set = await this.ctx.storage.getAlarm();
    if (set === null || set > at) await this.ctx.storage.setAlarm(at);
  }
}

/** One address's ledger as the Worker and the rooms use it. */
export class AddressSlots {
  private readonly stub: DurableObjectStub<LiveAddress>;

  constructor(namespace: DurableObjectNamespace<LiveAddress>, address: string) {
    this.stub = namespace.get(namespace.idFromName(address));
  }

  reserve(): Promise<string | null> {
    return this.stub.reserve();
  }

  renew(lease: string): Promise<void> {
    return this.stub.renew(lease);
  }

  release(lease: string): Promise<void> {
    return this.stub.release(lease);
  }
}
