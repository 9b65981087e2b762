import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import * as css from "~/components/account/account.css";
import { MessageLayout } from "~/components/layouts";
import { requireMember } from "~/lib/auth.server";
import { koAuth } from "~/shared/messages/auth";

export const meta: MetaFunction = () => [{ title: koAuth.messagesTitle }, { name: "robots", content: "noindex" }];

/** Messages with the shop: members only. The messaging feature fills the list in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(request, context);
  return { name: member.name };
}

export default function Messages() {
  useLoaderData<typeof loader>();
  return (
    <MessageLayout title={koAuth.messagesTitle} unread={0}>
      <p className={css.intro} style={{ padding: "48px 16px" }}>
        {koAuth.messagesEmpty}
      </p>
    </MessageLayout>
  );
}
