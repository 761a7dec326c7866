import { defaultSchema, type Options } from 'rehype-sanitize';

// What content HTML may contain. Based on GitHub's rules (rehype-sanitize's default): no script,
// style, iframe, event handler or form control beyond task-list checkboxes; URLs limited to
// http(s), mailto and relative ones. Classes are allowed so authors can use the theme's styles.
const base = defaultSchema.attributes ?? {};

export const sanitizeSchema: Options = {
  ...defaultSchema,
  strip: ['script', 'style', 'template', 'noscript'],
  attributes: {
    ...base,
    '*': [...(base['*'] ?? []), 'className'],
    a: [...(base.a ?? []), 'target', 'rel'],
    code: [...(base.code ?? []), 'dataMeta'],
    div: [...(base.div ?? []), 'role'],
    img: [...(base.img ?? []), 'loading'],
  },
  protocols: {
    href: ['http', 'https', 'mailto'],
    cite: ['http', 'https'],
    src: ['http', 'https'],
    longDesc: ['http', 'https'],
  },
};
