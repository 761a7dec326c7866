// The admonition kinds, shared by the markdown parser and the MDX remark step.
export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger', 'caution'] as const;
export const DEFAULT_TITLES: Record<(typeof ADMONITION_TYPES)[number], string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
};
/** `:::tip`, `:::tip Title` or `:::tip[Title]` (after the colons). */
export const ADMONITION_OPENING = new RegExp(`^(${ADMONITION_TYPES.join('|')})(?:\\[(.*)\\]|\\s+(.*))?$`);
