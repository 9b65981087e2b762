import type { Env } from "../env";

/** The logged-in member behind a request (platform-wide account), as every feature sees it. */
export type Member = {
  uid: number;
  name: string;
  admin: boolean;
};

/**
 * Who is asking: the member whose session cookies (sid, skey) this request carries, on this host.
 * Accounts are not built yet, so nobody is logged in; the accounts feature fills this in.
 */
export async function readMember(_env: Env, _request: Request): Promise<Member | null> {
  return null;
}
