// Inline SVG icons (decorative: aria-hidden; the accessible name comes from text beside them).
// Line icons take their stroke from the `icon` class (00-base.css), not from attributes repeated in
// every one of them: a page carries a dozen.
type P = { size?: number; className?: string };
const svg = (size: number, className: string | undefined, children: React.ReactNode, viewBox = '0 0 24 24'): React.JSX.Element => (
  <svg width={size} height={size} viewBox={viewBox} aria-hidden="true" className={className ? `icon ${className}` : 'icon'}>
    {children}
  </svg>
);

export const MenuIcon = ({ size = 24, className }: P) => svg(size, className, <path d="M3 6h18M3 12h18M3 18h18" />);
export const CloseIcon = ({ size = 20, className }: P) => svg(size, className, <path d="M18 6 6 18M6 6l12 12" />);
export const SunIcon = ({ size = 20, className }: P) =>
  svg(
    size,
    className,
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
    </>,
  );
export const MoonIcon = ({ size = 20, className }: P) => svg(size, className, <path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z" />);
export const SearchIcon = ({ size = 18, className }: P) =>
  svg(
    size,
    className,
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>,
  );
export const GlobeIcon = ({ size = 18, className }: P) =>
  svg(
    size,
    className,
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
    </>,
  );
export const ChevronIcon = ({ size = 16, className }: P) => svg(size, className, <path d="m6 9 6 6 6-6" />);
export const ExternalIcon = ({ size = 12, className }: P) =>
  svg(size, className, <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />);
export const HomeIcon = ({ size = 16, className }: P) => svg(size, className, <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />);
export const OfflineIcon = ({ size = 16, className }: P) =>
  svg(
    size,
    className,
    <path d="M2 2l20 20M8.5 16.5a5 5 0 0 1 7 0M5 13a10 10 0 0 1 5.17-2.69M19 13a10 10 0 0 0-2.2-1.62M2 8.82a15 15 0 0 1 4.17-2.65M22 8.82A15 15 0 0 0 10.9 5.06M12 20h.01" />,
  );

const brand = (size: number, className: string | undefined, d: string): React.JSX.Element => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
    <path d={d} />
  </svg>
);
export const BRAND_ICONS: Record<string, (p: P) => React.JSX.Element> = {
  facebook: ({ size = 18, className }) => brand(size, className, 'M14 8h3V4h-3a5 5 0 0 0-5 5v3H6v4h3v8h4v-8h3l1-4h-4V9a1 1 0 0 1 1-1z'),
  instagram: ({ size = 18, className }) =>
    brand(
      size,
      className,
      'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3zm5 3.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM17.5 5.5a1 1 0 1 1 0 2 1 1 0 0 1 0-2z',
    ),
  tiktok: ({ size = 18, className }) =>
    brand(size, className, 'M16.5 2c.3 2.3 1.7 3.9 4 4.1v3.2a7.6 7.6 0 0 1-4-1.2v6.6A6.7 6.7 0 1 1 9.8 8v3.3a3.4 3.4 0 1 0 3.4 3.4V2z'),
  linkedin: ({ size = 18, className }) =>
    brand(
      size,
      className,
      'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zm6.5 0h3.8v1.6h.1c.5-1 1.8-2 3.7-2 4 0 4.7 2.6 4.7 6V21h-4v-5.3c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V21h-4z',
    ),
  github: ({ size = 18, className }) =>
    brand(
      size,
      className,
      'M12 2a10 10 0 0 0-3.16 19.49c.5.09.68-.22.68-.48v-1.7c-2.78.6-3.37-1.34-3.37-1.34-.45-1.16-1.11-1.47-1.11-1.47-.91-.62.07-.6.07-.6 1 .07 1.53 1.03 1.53 1.03.9 1.52 2.34 1.08 2.91.83.09-.65.35-1.09.63-1.34-2.22-.25-4.55-1.11-4.55-4.94 0-1.09.39-1.98 1.03-2.68-.1-.25-.45-1.27.1-2.65 0 0 .84-.27 2.75 1.02a9.56 9.56 0 0 1 5 0c1.91-1.29 2.75-1.02 2.75-1.02.55 1.38.2 2.4.1 2.65.64.7 1.03 1.59 1.03 2.68 0 3.84-2.34 4.69-4.57 4.93.36.31.68.92.68 1.85v2.75c0 .27.18.58.69.48A10 10 0 0 0 12 2z',
    ),
  x: ({ size = 18, className }) =>
    brand(size, className, 'M17.8 3h3.1l-6.8 7.8 8 10.2h-6.3l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.8 3h6.4l4.4 5.9zm-1.1 16.2h1.7L7.4 4.7H5.6z'),
  discord: ({ size = 18, className }) =>
    brand(
      size,
      className,
      'M20.3 4.4A19.8 19.8 0 0 0 15.4 3l-.6 1.3a18.4 18.4 0 0 0-5.6 0L8.6 3a19.7 19.7 0 0 0-4.9 1.5C.6 9.1-.3 13.6.1 18.1a19.9 19.9 0 0 0 6 3l1.3-2.1a12.9 12.9 0 0 1-2-1l.5-.4a14.2 14.2 0 0 0 12.2 0l.5.4c-.6.4-1.3.7-2 1l1.3 2.1a19.8 19.8 0 0 0 6-3c.5-5.2-.8-9.7-3.6-13.7zM8 15.4c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4z',
    ),
  stackoverflow: ({ size = 18, className }) =>
    brand(
      size,
      className,
      'M17 21H4v-7h2v5h9v-5h2zM7.5 16h7.8v-1.6H7.5zm.2-3.6 7.6 1.6.3-1.6-7.6-1.6zm1-3.7 7 3.3.7-1.5-7-3.3zm2-3.5 6 5 1-1.2-6-5zM14.5 2l-1.3 1 4.6 6.2 1.3-1z',
    ),
  whatsapp: ({ size = 18, className }) =>
    brand(
      size,
      className,
      'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.1-1.2l-.4-.2z',
    ),
  pdf: ({ size = 18, className }) =>
    brand(
      size,
      className,
      'M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm7 1.5V9h5.5zM8 13v5h1.2v-1.7h.7a1.65 1.65 0 1 0 0-3.3zm1.2 1h.6a.65.65 0 0 1 0 1.3h-.6zm3.3-1v5h1.6a2.5 2.5 0 0 0 0-5zm1.2 1h.3a1.5 1.5 0 0 1 0 3h-.3zm3.3-1v5h1.2v-2h1.5v-1H18.2v-1H20v-1z',
    ),
  mail: ({ size = 18, className }) => brand(size, className, 'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.4V17h16V7.4l-8 5.3z'),
};
