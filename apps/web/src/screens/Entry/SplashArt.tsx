/** Full-screen splash landscape: dawn sky, three mountain ridges and a trail. */
export function SplashArt({ label }: { label: string }) {
  return (
    <svg
      className="splash-art"
      viewBox="0 0 390 844"
      preserveAspectRatio="xMidYMid slice"
      role="img"
      aria-label={label}
    >
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#134d82" />
          <stop offset="0.55" stopColor="#8cc8ee" />
          <stop offset="1" stopColor="#fde7d9" />
        </linearGradient>
      </defs>
      <rect width="390" height="844" fill="url(#sky)" />
      <circle cx="280" cy="470" r="46" fill="#f7b267" opacity="0.9" />
      <path d="M0 560 90 440l60 60 80-120 90 110 70-60v414H0z" fill="#4f7ca8" />
      <path d="M230 380 206 416l10-6 8 8 10-10 10 6 15 2z" fill="#f3f6f9" />
      <path d="M0 640 70 560l70 50 90-90 80 80 80-50v294H0z" fill="#2f5b7f" />
      <path d="M0 844V700l90-40 100 30 90-50 110 40v164z" fill="#1b3550" />
      <path
        d="M160 844c20-60 70-90 40-140s40-60 60-100"
        fill="none"
        stroke="#f7b267"
        strokeWidth="4"
        strokeDasharray="2 10"
        strokeLinecap="round"
        opacity="0.8"
      />
    </svg>
  );
}
