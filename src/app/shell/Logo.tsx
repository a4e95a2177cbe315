/** The Rights Desk mark: a record inside a shield-like desk tab. Decorative; the name is always beside it. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect x="1" y="1" width="30" height="30" rx="8" fill="var(--mantine-color-desk-7)" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="#ffffff" strokeWidth="2.5" />
      <circle cx="16" cy="16" r="2.5" fill="#ffffff" />
      <path d="M16 7a9 9 0 0 1 9 9" fill="none" stroke="var(--mantine-color-desk-2)" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
