/**
 * Plain text as written (line breaks kept), with web addresses made into links: only http(s),
 * opened apart from the shop's page and marked as the owner's content. Nothing in the text is
 * ever read as HTML: React escapes it.
 */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

export function Linkified({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <a key={start} href={match[0]} target="_blank" rel="nofollow noopener noreferrer ugc">
        {match[0]}
      </a>,
    );
    at = start + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
