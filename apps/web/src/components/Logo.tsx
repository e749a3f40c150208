/** The Cordata mark: two ropes tied into one knot, the roped party the name comes from. */
export function Logo({ size = 64, title }: { size?: number; title?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={title ?? 'Cordata'}>
      <circle cx="32" cy="32" r="30" fill="#c8102e" />
      <path d="M14 42c8-16 14-20 18-10s10 6 18-10" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      <path d="M14 26c8 14 14 18 18 8s10-4 18 8" fill="none" stroke="#8cc8ee" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}
