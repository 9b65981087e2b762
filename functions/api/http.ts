import type { ApiErrorBody } from "~/shared/contracts";

/** A failure the API reports to its caller: an HTTP status, a stable code and a Korean message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The form field the message belongs next to, when it is about one. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function errorResponse(error: ApiError): Response {
  const body: ApiErrorBody = {
    error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) },
  };
  return json(body, { status: error.status });
}
