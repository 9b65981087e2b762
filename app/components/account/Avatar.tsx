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
