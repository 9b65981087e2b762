import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formFailure } from "~/lib/auth-actions.server";
import { requireMember } from "~/lib/auth.server";
import { ProfileForm } from "~/shared/forms/auth";
import { fieldErrors, keptValues } from "~/shared/forms/errors";
import { identityProvider } from "~/lib/identity.server";
import { removeProfileImage, storeProfileImage } from "~/lib/uploads.server";
import { koAuth } from "~/shared/messages/auth";
import { SETTINGS_INTENTS, settingsAction } from "~/lib/settings-actions.server";
import { platformUrl } from "~/shared/platform-url";
import { socialUnlinkAction } from "./social-unlink";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const [info, settings, addresses, owned, social] = await Promise.all([
    context.api.call("userInfo"),
    context.api.call("accountSettings"),
    context.api.call("addresses"),
    // An upstream without the list leaves the section out rather than the page.
    context.api.call("userInfoMyShop").catch(() => null),
    // Kakao/Naver links (decision 115); an upstream without them leaves the section out.
    context.api.call("socialLinks").catch(() => null),
  ]);
  return {
    info,
    myShops: owned?.shops ?? [],
    social: social ? { links: social.links, note: new URL(request.url).searchParams.get("social") } : null,
    openShopUrl: platformUrl(context.config.PLATFORM_DOMAIN, new URL(request.url), "/open"),
    settings,
    addresses: addresses.items,
    // ?auth=1 comes from older links to verification; with no provider the page says it is not available.
    verify: new URL(request.url).searchParams.get("auth") === "1",
    verificationAvailable: identityProvider(context.config) !== null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(request, context);
  const form = await request.formData();
  // Password, consent, addresses, withdrawal: each form says which it is; the profile form does not.
  const intent = form.get("intent");
  const settings = SETTINGS_INTENTS.find((i) => i === intent);
  if (settings) return settingsAction(settings, form, context);
  if (intent === "social-unlink") return socialUnlinkAction(form, context);
  const values = keptValues(form, ["name"]);
  const parsed = ProfileForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  let profile = member.profile;
  const image = form.get("image");
  if (image instanceof File && image.size > 0) {
    const stored = await storeProfileImage(context.env.FILES, member.uid, image);
    if (!stored.ok) {
      const error = stored.reason === "size" ? koAuth.imageTooLarge : koAuth.imageInvalid;
      return data({ errors: { image: error }, values }, { status: 400 });
    }
    profile = stored.key;
  } else if (parsed.data.remove_image) {
    profile = null;
  }
  try {
    await context.api.call("profile", { body: { name: parsed.data.name, profile } });
  } catch (error) {
    return formFailure(error, values, [400]);
  }
  if (profile !== member.profile) await removeProfileImage(context.env.FILES, member.uid, member.profile);
  return data({ saved: true, values });
}
