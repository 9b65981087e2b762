import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireMember } from "~/lib/auth.server";
import { isShopApiError } from "~/shared/api-client.server";
import { messageText } from "~/shared/contracts/chat";
import { fieldErrors } from "~/shared/forms/errors";

/**
 * The message pages' server side (issue 12): loaders and the send action shared by /message/view,
 * /message/new and the owner's /admin/message. The form is one textarea, `text`, checked with the
 * API's own schema so the page and the API say the same thing.
 */
export const SendForm = z.object({ text: messageText });

export type SendResult = { error: string; text: string };

/** The member's unread count on this shop, for the message bar's badge. */
export async function unreadOf(context: AppLoadContext): Promise<number> {
  return context.api
    .call("messageUnread")
    .then((r) => r.count)
    .catch(() => 0);
}

/** Parses the form; a refusal as data the page shows under the textarea, keeping what was typed. */
export async function readSendForm(
  request: Request,
): Promise<{ ok: true; text: string } | { ok: false; refusal: ReturnType<typeof refused> }> {
  const form = await request.formData();
  const raw = String(form.get("text") ?? "").slice(0, 5000);
  const parsed = SendForm.safeParse({ text: raw });
  if (!parsed.success) return { ok: false, refusal: refused(fieldErrors(parsed.error).text ?? "", raw, 400) };
  return { ok: true, text: parsed.data.text };
}

export function refused(error: string, text: string, status: number) {
  return data<SendResult>({ error, text }, { status });
}

/** An API refusal (404, 429, 400) as the form's message; anything else goes to the error page. */
export function sendFailure(error: unknown, text: string) {
  if (isShopApiError(error) && [400, 404, 429].includes(error.status))
    return refused(error.message, text, error.status);
  throw error;
}

/** Sends as the member, then shows the conversation (post, redirect, see it). */
export async function memberSend(
  request: Request,
  context: AppLoadContext,
  about: { id?: number; pid?: string; order_id?: number },
) {
  requireMember(request, context);
  const form = await readSendForm(request);
  if (!form.ok) return form.refusal;
  try {
    const sent = await context.api.call("sendMessage", { body: { ...about, text: form.text } });
    return redirect(`/message/view?id=${sent.ticket_id}#m${sent.message.id}`, 303);
  } catch (error) {
    return sendFailure(error, form.text);
  }
}
