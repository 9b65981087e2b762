/** Types of standin-server.mjs. */
export function serveHandler(
  handle: (request: Request) => Promise<Response>,
  options?: { port?: number; host?: string; publicHost?: string },
): Promise<{ origin: string; port: number; close: () => Promise<void> }>;
export function escapeHtml(s: unknown): string;
export function htmlPage(status: number, title: string, body: string, style?: string): Response;
export function jsonResponse(status: number, body: unknown, headers?: Record<string, string>): Response;
export function readFields(request: Request): Promise<URLSearchParams>;
export function digest(label: string): Promise<Uint8Array>;
export function base64(bytes: Uint8Array): string;
export function randomToken(n?: number): string;
