/**
 * The custom domain an owner types at /admin/domain (decision 092): one schema for the API
 * contract and the page's action. A domain is lower-cased, a Korean (IDN) one becomes its punycode
 * (what DNS and Cloudflare know), and an IP, a port, a path or a single word is refused with a
 * Korean message. The platform's own domain is refused by the API, which knows it.
 */
import * as z from "zod";
import { koDomain } from "../messages/domain";

const t = koDomain.errors;

/** Attempts to connect a domain one shop may make in an hour. */
export const DOMAIN_ADDS_PER_HOUR = 5;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export const CustomHostname = z.string({ error: t.required }).transform((typed, ctx) => {
  const refuse = (message: string) => {
    ctx.addIssue({ code: "custom", message, input: typed });
    return z.NEVER;
  };
  const value = typed.trim().normalize("NFC").toLowerCase().replace(/\.$/, "");
  if (!value) return refuse(t.required);
  if (value.length > 253) return refuse(t.invalid);
  // A scheme, port, path, query, user or space: not a domain.
  if (/[/:?#@\\\s[\]]/.test(value)) return refuse(t.onlyDomain);
  let ascii: string;
  try {
    // The WHATWG URL parser turns a Korean domain into punycode (and an IP in any notation into
    // its dotted form).
    ascii = new URL(`http://${value}`).hostname.replace(/\.$/, "");
  } catch {
    return refuse(t.invalid);
  }
  const labels = ascii.split(".");
  if (IPV4.test(ascii) || /^\d+$/.test(labels.at(-1) ?? "")) return refuse(t.ip);
  if (ascii.length > 253 || labels.length < 2 || !labels.every((l) => LABEL.test(l))) return refuse(t.invalid);
  return ascii;
});

export const CustomDomainBody = z.object({ hostname: CustomHostname });
export type CustomDomainBody = z.infer<typeof CustomDomainBody>;

/** The platform's own domain, or one of its sub-domains (every shop's default address is one). */
export function isPlatformHost(hostname: string, platformDomain: string): boolean {
  return hostname === platformDomain || hostname.endsWith(`.${platformDomain}`);
}
