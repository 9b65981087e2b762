import type { RequestEnv } from "../env";
import { requestHost } from "../host";
import { SessionStore, type SessionMemberRow } from "../db/sessions";
import { sha256Hex, timingSafeEqualText } from "./crypto";
import { nowSeconds, sessionFromRequest } from "./session";

/** The logged-in member behind a request (platform-wide account), as every feature sees it. */
export type Member = {
  uid: number;
  name: string;
  admin: boolean;
  /** Storage key of the profile image (under the storage url), or null. */
  profile: string | null;
};

/**
 * Who is asking: the member whose session cookies (sid, skey) this request carries, on this host.
 * One D1 query, and only when both cookies are present. A session made on another host (another
 * shop) does not count here, nor does an expired or revoked one.
 */
export async function readMember(env: RequestEnv, request: Request): Promise<Member | null> {
  const session = sessionFromRequest(request);
  const host = requestHost(request);
  if (!session || !host) return null;
  const row = await new SessionStore(env.DB).findMember(session.sid, host, nowSeconds());
  return memberOfRow(row, session.skey);
}

/** The member of a session row read by its id, when the request's secret half is the row's. */
export async function memberOfRow(row: SessionMemberRow | null | undefined, skey: string): Promise<Member | null> {
  if (!row) return null;
  if (!timingSafeEqualText(await sha256Hex(skey), row.skey_hash)) return null;
  return { uid: row.uid, name: row.name, admin: row.admin === 1, profile: row.profile };
}
