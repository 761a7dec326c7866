import { defineConfig } from 'shipdocs';

// The embedded default site: the public documentation of the Rutapack shipping API.
const contactQuestion = encodeURIComponent('Hola, me gustaría recibir más información sobre la plataforma de envíos de Rutapack y su API.');

export default defineConfig({
  title: 'Rutapack Docs',
  tagline: 'Get Ship Done',
  url: 'https://docs.rutapack.example',
  baseUrl: '/',
  favicon: 'img/favicon.svg',
  image: 'img/social-card.png',
  navbar: {
    title: 'Rutapack',
    logo: { src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', alt: 'Rutapack logo', width: 32, height: 32 },
    items: [
      { label: 'Docs', to: '/docs/intro', activeBasePath: '/docs', position: 'left' },
      { label: 'Blog', to: '/blog', position: 'left' },
      { label: 'GitHub', href: 'https://github.com/rutapack/shipdocs', position: 'right' },
    ],
    hideOnScroll: false,
  },
  footer: {
    style: 'dark',
    links: [
      {
        title: 'Support',
        items: [
          { label: 'Contact us', href: `https://wa.me/5215512345678?text=${contactQuestion}`, icon: 'whatsapp' },
          { label: 'More about Rutapack', href: 'https://www.rutapack.example' },
        ],
      },
      {
        title: 'Follow us',
        items: [
          { label: 'Facebook', href: 'https://www.facebook.com/rutapack', icon: 'facebook' },
          { label: 'Instagram', href: 'https://www.instagram.com/rutapack', icon: 'instagram' },
          { label: 'TikTok', href: 'https://www.tiktok.com/@rutapack', icon: 'tiktok' },
          { label: 'LinkedIn', href: 'https://www.linkedin.com/company/rutapack', icon: 'linkedin' },
        ],
      },
      {
        title: 'Legal',
        items: [
          { label: 'Terms of service', to: '/files/terminos-y-condiciones.pdf', target: '_blank', icon: 'pdf' },
          { label: 'Privacy Policy', href: '#' },
        ],
      },
      {
        title: 'Community',
        items: [
          { label: 'Stack Overflow', href: 'https://stackoverflow.com/questions/tagged/rutapack', icon: 'stackoverflow' },
          { label: 'Discord', href: 'https://discord.gg/rutapack', icon: 'discord' },
          { label: 'X', href: 'https://x.com/rutapack', icon: 'x' },
        ],
      },
      {
        title: 'More',
        items: [
          { label: 'Blog', to: '/blog' },
          { label: 'GitHub', href: 'https://github.com/rutapack/shipdocs', icon: 'github' },
        ],
      },
    ],
    copyright: `Copyright © 2025 Rutapack. Built with shipdocs.`,
    logo: { src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', alt: 'Rutapack', width: 40, height: 40 },
  },
  colorMode: { defaultMode: 'light', disableSwitch: false },
  announcementBar: {
    id: 'api-v1-4',
    content: 'Rutapack API 1.4 is out: label formats, ShipHero orders and webhooks. Read the <a href="/docs/intro">getting started guide</a>.',
    dismissible: true,
  },
  // Docs version 1.3 (versioned_docs/, versioned_api/: `shipdocs docs version 1.3`) is kept beside the
  // current docs and API, which describe 1.4: the released version readers are sent to, still labelled Next.
  docs: { lastVersion: 'current' },
  openapi: {
    // The API's releases: its changelog page (/api/changelog), feeds and "New in 1.4.0" badges. The
    // 1.3 document is the one docs version 1.3 keeps.
    changelog: [
      { version: '1.3.0', date: '2026-03-03', file: 'versioned_api/version-1.3/openapi/shipping.yaml' },
      { version: '1.4.0', date: '2026-06-02' },
    ],
  },
  ui: { languages: ['es', 'en'], defaultLanguage: 'es' },
  offline: true,
});
