/** The widget's icons: inline SVG, decorative (the buttons carry the names). */
const PATHS = {
  chat: 'M4 5h16v11H10l-5 4v-4H4z',
  close: 'M6 6l12 12M18 6L6 18',
  send: 'M12 19V5M5 12l7-7 7 7',
  // voice mode (the avatar) is a sound wave; dictation is the microphone
  voice: 'M3 10v4M7 6v12M11 3v18M15 8v8M19 5v14',
  mic: 'M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM5 11a7 7 0 0 0 14 0M12 18v3',
  expand: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  collapse: 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5',
  menu: 'M4 7h16M4 12h16M4 17h16',
  // sliders: the settings dropdown
  settings: 'M4 7h9M17 7h3M4 17h3M11 17h9M15 5v4M9 15v4',
  home: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z',
  history: 'M12 7v5l3 2M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4',
  plus: 'M12 5v14M5 12h14',
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  agent: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" data-icon={name}>
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
