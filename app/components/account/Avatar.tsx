import { SLOT } from "~/shared/slots";
/** The member's profile image, or the first letter of their name on the shop's second colour. */
export function Avatar({
  name,
  profile,
  storageUrl,
  className,
}: {
  name: string;
  profile: string | null;
  storageUrl: string;
  className: string;
}) {
  if (profile) return <img className={className} src={`${storageUrl}${profile}`} alt="" width={44} height={44} />;
  // The first user-perceived character: a Hangul syllable, a letter or a whole emoji.
  const initial = Array.from(name.trim())[0] ?? "?";
  return (
    <span className={className} aria-hidden="true" data-testid="avatar-initial">
      {initial.toUpperCase()}
    </span>
  );
}

/**
 * Both avatars, marked, on a page kept for every visitor: the Worker keeps the member's picture
 * with its address, or their initial (decision 122). Nobody's picture or name is drawn here.
 */
export function AvatarSlots({ className }: { className: string }) {
  return (
    <>
      <img className={className} alt="" width={44} height={44} {...{ [SLOT.only]: "photo", [SLOT.photo]: "" }} />
      <span
        className={className}
        aria-hidden="true"
        data-testid="avatar-initial"
        {...{ [SLOT.only]: "initial", [SLOT.text]: "initial" }}
      />
    </>
  );
}
