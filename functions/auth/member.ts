import type { RequestEnv } from "../env";
import { requestHost } from "../host";
import { SessionStore } from "../db/sessions";
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
  if (!row) return null;
  if (!timingSafeEqualText(await sha256Hex(session.skey), row.skey_hash)) return null;
  return { uid: row.uid, name: row.name, admin: row.admin === 1, profile: row.profile };
}
