const paths = {
  home: 'M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  contacts: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6M19 21a6 6 0 0 0-3-5.2',
  groups:
    'M12 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM5 21a7 7 0 0 1 14 0M5 11a2.5 2.5 0 1 0 0-5M19 11a2.5 2.5 0 1 0 0-5M1 19a4.5 4.5 0 0 1 4-4.5M23 19a4.5 4.5 0 0 0-4-4.5',
  calendar: 'M4 6h16v15H4zM4 10h16M8 3v5M16 3v5',
  chats: 'M4 5h16v11H9l-5 4z',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4',
  user: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm-8 9a8 8 0 0 1 16 0',
  account: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4a3 3 0 1 1 0 6 3 3 0 0 1 0-6Zm-5.5 11a6.5 6.5 0 0 1 11 0',
  sports: 'M3 12h4l3-8 4 16 3-8h4',
  contact: 'M4 5h16v14H4zM4 6l8 7 8-7',
  security: 'M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6zM9 12l2 2 4-4',
  notifications: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4',
  file: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1-2 3.4-.2-.1a1.7 1.7 0 0 0-2 .2 1.7 1.7 0 0 0-.8 1.5V22h-3.6v-.1a1.7 1.7 0 0 0-1-1.6 1.7 1.7 0 0 0-1.9.3l-.1.1-3-2 .1-.2A1.7 1.7 0 0 0 4.6 15 1.7 1.7 0 0 0 3 14H2v-4h.1a1.7 1.7 0 0 0 1.6-1 1.7 1.7 0 0 0-.3-1.9l-.1-.1 2-3.4.2.1a1.7 1.7 0 0 0 1.9-.3A1.7 1.7 0 0 0 8.8 2H12.4v.1a1.7 1.7 0 0 0 1 1.6 1.7 1.7 0 0 0 1.9-.3l.1-.1 3 2-.1.2a1.7 1.7 0 0 0-.3 1.9 1.7 1.7 0 0 0 1.5 1H22v4h-.1a1.7 1.7 0 0 0-1.5 1Z',
  sliders:
    'M4 6h9M17 6h3M15 4a2 2 0 1 1 0 4 2 2 0 1 1 0-4ZM4 12h3M11 12h9M9 10a2 2 0 1 1 0 4 2 2 0 1 1 0-4ZM4 18h11M19 18h1M17 16a2 2 0 1 1 0 4 2 2 0 1 1 0-4Z',
  support: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 1-1 1.7v.5M12 17h.01',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  back: 'M15 5l-7 7 7 7',
  close: 'M6 6l12 12M18 6 6 18',
  chevron: 'M9 5l7 7-7 7',
  language: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM3 12h18M12 3c2.5 2.5 2.5 15.5 0 18M12 3c-2.5 2.5-2.5 15.5 0 18',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  // From a start to a finish along a winding way: "draw a route".
  route: 'M5 16a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM19 4a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM7 18h8a3 3 0 0 0 0-6H9a3 3 0 0 1 0-6h8',
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  check: 'M4 12.5 9.5 18 20 6',
  reject: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM5.6 5.6l12.8 12.8',
  userPlus: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10a7 7 0 0 1 14 0M19 8v6M16 11h6',
  share: 'M12 15V3M8 7l4-4 4 4M5 11v9h14v-9',
  // A picture with a hill and a sun: the photo album.
  photos: 'M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 9.5a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0',
  calendarAdd: 'M4 6h16v15H4zM4 10h16M8 3v5M16 3v5M12 13v5M9.5 15.5h5',
  more: 'M4 12a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0M10.5 12a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0M17 12a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0',
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 24, label }: { name: IconName; size?: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={paths[name]} />
    </svg>
  );
}
