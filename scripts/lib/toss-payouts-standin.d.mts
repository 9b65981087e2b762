/** Types of toss-payouts-standin.mjs (which Node runs as it is). */
export const KYC_LIMIT: number;
export function securityKeyOf(secretKey: string): Promise<string>;
export function signWebhook(securityKey: string, body: string, time: string): Promise<string>;
