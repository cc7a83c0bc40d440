// What the header's messages icon and notification bell share: the round icon button's look,
// its name with the unread count, and the red badge over it (hidden from screen readers,
// which hear the count in the name; '99+' beyond 99).
export const HEADER_ICON_CLASS =
  'relative grid h-10 w-10 place-items-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-brand-700';

/** 'Messages' or 'Messages, 3 unread'. */
export const unreadLabel = (name: string, count: number) => (count ? `${name}, ${count} unread` : name);

export function UnreadBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid={testId}
      className="absolute right-0.5 top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-white"
      aria-hidden
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
