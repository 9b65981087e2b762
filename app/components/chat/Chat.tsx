import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Linkified } from "~/components/Linkified";
import type { ChatMessage, Ticket } from "~/shared/contracts";
import { MAX_MESSAGE_CHARS } from "~/shared/limits";
import { formatDeadline } from "~/shared/format";
import { koChat } from "~/shared/messages/chat";
import * as css from "./chat.css";

/** What a conversation is about, in a word: the product's name, the order, or the shop. */
export function ticketTitle(t: Ticket, shopName: string): string {
  if (t.product) return t.product.title;
  if (t.order_id) return koChat.aboutOrder(t.order_id);
  return koChat.aboutShop(shopName);
}

/** Conversations, newest first; unread ones carry their count. */
export function TicketList({
  items,
  shopName,
  href,
  who,
}: {
  items: Ticket[];
  shopName: string;
  href: (id: number) => string;
  /** The owner's inbox names the member. */
  who?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <ul className={css.list} data-testid="tickets">
      {items.map((t) => (
        <li key={t.id}>
          <Link className={css.item} to={href(t.id)} data-testid="ticket">
            <span className={css.itemTitle}>
              {who ? `${koChat.member(t.member_name)} · ` : ""}
              {ticketTitle(t, shopName)}
              {t.unread > 0 ? (
                <span className={css.unreadDot} aria-label={koChat.unreadBadge(t.unread)} data-testid="ticket-unread">
                  {t.unread}
                </span>
              ) : null}
            </span>
            <span className={css.itemTime}>{formatDeadline(t.last_at)}</span>
            <span className={css.itemText}>{t.last_text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The messages, oldest first; the side reading sees its own on the right. Text only, escaped. */
export function Thread({ messages, mine }: { messages: ChatMessage[]; mine: ChatMessage["sender"] }) {
  // With scripts, the message being sent shows at once, marked as on its way.
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("text") : null;
  const sending = typeof pending === "string" && pending.trim() ? pending.trim() : null;
  if (messages.length === 0 && !sending) return <p className={css.empty}>{koChat.noMessagesYet}</p>;
  return (
    <ol className={css.thread} data-testid="thread">
      {messages.map((m) => (
        <li key={m.id} id={`m${m.id}`} className={m.sender === mine ? css.mineRow : css.bubbleRow}>
          <p className={m.sender === mine ? css.mine : css.bubble} data-testid="message">
            <Linkified text={m.body} />
          </p>
          <span className={css.time}>{formatDeadline(m.created_at)}</span>
        </li>
      ))}
      {sending ? (
        <li className={css.mineRow} aria-busy="true">
          <p className={css.mineSending} data-testid="message-sending">
            {sending}
          </p>
          <span className={css.time}>{koChat.sending}</span>
        </li>
      ) : null}
    </ol>
  );
}

/** The send form: a real post (works without scripts); the page's action answers. */
export function Composer({
  error,
  text,
  placeholder = koChat.placeholder,
}: {
  error?: string;
  text?: string;
  placeholder?: string;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.has("text") === true;
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  // After this box's message went out (the page came back without an error), it is empty again.
  // Only then: on hydration or after any other navigation, what was typed stays (a slow phone
  // lets the owner type before the scripts arrive).
  useEffect(() => {
    if (sending) sent.current = true;
    else if (navigation.state === "idle" && sent.current) {
      sent.current = false;
      if (!error) form.current?.reset();
    }
  }, [sending, navigation.state, error]);
  return (
    <Form method="post" className={css.composer} ref={form} aria-label={koChat.send} noValidate>
      <textarea
        className={css.textarea}
        name="text"
        aria-label={placeholder}
        placeholder={placeholder}
        maxLength={MAX_MESSAGE_CHARS}
        defaultValue={text}
        rows={2}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "composer-error" : undefined}
        autoFocus={Boolean(error)}
      />
      <button className={css.send} type="submit" disabled={sending}>
        {sending ? koChat.sending : koChat.send}
      </button>
      {error ? (
        <p id="composer-error" className={css.error} role="alert">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
