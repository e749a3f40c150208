const frame = { viewBox: '0 0 320 240', width: '100%', height: '100%' } as const;

/** Two hikers meeting on a ridge. */
export function PartnersArt() {
  return (
    <svg {...frame} aria-hidden="true">
      <rect width="320" height="240" rx="24" fill="#e3f1fb" />
      <circle cx="250" cy="60" r="24" fill="#f7b267" />
      <path d="M0 190 80 110l50 40 60-70 70 80 60-40v120H0z" fill="#8cc8ee" />
      <path d="M0 240v-40l100-30 90 20 130-40v90z" fill="#1b65a8" />
      <g fill="#16191d">
        <circle cx="120" cy="128" r="8" />
        <path d="M114 138h12l4 30h-6l-3 26h-6l-3-26h-6z" />
        <circle cx="190" cy="120" r="8" />
        <path d="M184 130h12l4 30h-6l-3 26h-6l-3-26h-6z" />
      </g>
      <path d="M132 150c18-14 32-14 50 0" fill="none" stroke="#c8102e" strokeWidth="4" strokeLinecap="round" />
      <path d="M106 142l-14 30M204 134l14 30" stroke="#545e6b" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A route with its start, rest and finish on a folded map. */
export function PlanArt() {
  return (
    <svg {...frame} aria-hidden="true">
      <rect width="320" height="240" rx="24" fill="#e6f4e7" />
      <path d="M50 40l70 20 80-20 70 20v150l-70-20-80 20-70-20z" fill="#fff" stroke="#dde2e8" strokeWidth="3" />
      <path d="M120 60v150M200 40v150" stroke="#dde2e8" strokeWidth="3" />
      <path
        d="M80 180c20-40 50-20 70-60s50-30 60-60 30-10 30-10"
        fill="none"
        stroke="#c8102e"
        strokeWidth="5"
        strokeLinecap="round"
        strokeDasharray="1 10"
      />
      <circle cx="80" cy="180" r="10" fill="#2e7d32" />
      <circle cx="150" cy="120" r="8" fill="#1b65a8" />
      <path d="M240 50v-26l22 9-22 9" fill="#c8102e" />
      <circle cx="240" cy="50" r="6" fill="#16191d" />
    </svg>
  );
}

/** A group around a campfire with chat bubbles. */
export function GroupArt() {
  return (
    <svg {...frame} aria-hidden="true">
      <rect width="320" height="240" rx="24" fill="#fde7d9" />
      <path d="M0 200h320v40H0z" fill="#2f5b7f" />
      <path d="M150 200l10-30 10 30z" fill="#f7b267" />
      <path d="M154 200l6-18 6 18z" fill="#c8102e" />
      <g fill="#16191d">
        <circle cx="90" cy="150" r="10" />
        <path d="M78 162h24l6 38H72z" />
        <circle cx="230" cy="150" r="10" />
        <path d="M218 162h24l6 38h-36z" />
        <circle cx="125" cy="140" r="9" />
        <path d="M114 151h22l5 49h-32z" />
        <circle cx="195" cy="140" r="9" />
        <path d="M184 151h22l5 49h-32z" />
      </g>
      <rect x="40" y="40" width="100" height="44" rx="14" fill="#fff" />
      <path d="M70 84l-6 16 18-16z" fill="#fff" />
      <path d="M56 56h68M56 68h44" stroke="#9aa3ae" strokeWidth="5" strokeLinecap="round" />
      <rect x="180" y="30" width="100" height="44" rx="14" fill="#1b65a8" />
      <path d="M250 74l6 16-18-16z" fill="#1b65a8" />
      <path d="M196 46h68M196 58h40" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}
