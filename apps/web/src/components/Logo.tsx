/** The Cordata mark: a peak crossed by a rope, the roped party the name comes from. */
export function Logo({ size = 64, title }: { size?: number; title?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={title ?? 'Cordata'}>
      <circle cx="32" cy="32" r="30" fill="#c8102e" />
      <path d="M12 46 26 22l6 9 7-12 13 27z" fill="#fff" />
      <path d="M8 40c12-9 22 8 34-2 5-4 9-6 14-5" fill="none" stroke="#8cc8ee" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
