/**
 * A Korean mobile number as the messaging provider takes it: digits only (010-1234-5678 and
 * +82 10 1234 5678 both give 01012345678), or null when it is not one. The one place the
 * notifications read a phone number through, so the platform's one phone rule can replace it.
 */
export function mobileDigits(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let digits = raw.replace(/\D/g, "");
  if (digits.startsWith("82") && raw.trim().startsWith("+")) digits = `0${digits.slice(2)}`;
  return /^01[016789]\d{7,8}$/.test(digits) ? digits : null;
}
