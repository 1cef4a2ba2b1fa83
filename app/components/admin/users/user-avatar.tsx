/** The user's picture, or their initials on a coloured disc. */
export function UserAvatar({ name, avatar, size = 'size-9' }: { name: string; avatar: string | null; size?: string }) {
  if (avatar) return <img src={avatar} alt="" className={`${size} shrink-0 rounded-full object-cover`} />;
  const initials =
    name
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? '')
      .join('') || '?';
  return (
    <span
      aria-hidden
      className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-blue-100 text-sm font-semibold text-blue-800`}
    >
      {initials}
    </span>
  );
}
