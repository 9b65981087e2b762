import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { SocialUnlinkForm } from "~/shared/forms/social-login";

/** 연결 해제: the API refuses the last way to log in; its Korean message goes next to that provider. */
export async function socialUnlinkAction(form: FormData, context: AppLoadContext) {
  const parsed = SocialUnlinkForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ intent: "social-unlink" as const }, { status: 400 });
  const { provider } = parsed.data;
  try {
    await context.api.call("socialUnlink", { body: { provider } });
    return data({ intent: "social-unlink" as const, provider, done: true });
  } catch (error) {
    if (isShopApiError(error) && (error.status === 409 || error.status === 404)) {
      return data({ intent: "social-unlink" as const, provider, formError: error.message }, { status: error.status });
    }
    throw error;
  }
}
