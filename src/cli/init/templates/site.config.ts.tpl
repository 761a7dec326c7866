import { defineConfig } from 'shipdocs';

// Every option is optional: remove one and its default applies. Your editor completes and
// checks them; `npx shipdocs build` reports a wrong one with its file and line.
export default defineConfig({
  title: {{title}},
  tagline: {{tagline}},
  // The address the site is published at. The deploy workflow passes it to the build with
  // `--site-url` (GitHub and GitLab Pages serve a project site under /<project>/); set it here
  // when you deploy by hand, e.g. url: 'https://docs.example.com', baseUrl: '/'.
  // url: 'https://docs.example.com',
  // baseUrl: '/',
  lang: {{lang}},
  favicon: 'img/favicon.svg', // static/img/favicon.svg
  navbar: {
    // logo: { src: 'img/logo.svg', alt: 'Logo' },    // a file in static/
    items: [
{{navItems}}
    ],
  },
  // footer: { copyright: `© ${new Date().getFullYear()} Your company` },
  // docs: { editUrl: 'https://github.com/you/your-repo/edit/main/content/docs/' },
  blog: {{blog}},
  // The API reference, made from this OpenAPI 3.0/3.1 or Swagger 2.0 file (or a folder holding one).
  openapi: { path: {{openapiPath}}, routeBasePath: 'api' },
  // The languages of the interface (menus, buttons, the API reference's labels), the first by default.
  ui: { languages: {{languages}} },
  // colorMode: { defaultMode: 'light', respectPrefersColorScheme: true },
  // customCss: 'src/custom.css',
});
