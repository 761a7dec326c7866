import type { ApiConstraint } from '../../../shared/api-model.js';
import { DICTIONARY, translate, type Lang, type TextKey } from '../../../shared/i18n.js';
import { escapeAttribute } from '../../../shared/html-escape.js';
import { labelHtml } from '../../../shared/ui-label.js';
import { constraintText } from './constraint-text.js';
import { hasBody, hasFacts, type SchemaView, type VariantGroup } from './plan-schema-view.js';

// A schema tree as HTML, written directly rather than through React: the trees are most of an API
// page's elements (GitHub's spec: ~80,000 rows over 1,200 pages) and string building is several
// times faster. The markup works without JavaScript: nested objects in <details>, recursion and
// repeats as links to where the schema is already drawn, and oneOf/anyOf as one <details> per
// variant sharing a `name` (an exclusive group: opening one closes the others, the first is open).
//
// Why <details> per variant rather than radio buttons styled as tabs (the earlier markup): it is a
// disclosure to assistive technology too ("Cat, collapsed"), where radios announce a form control
// that submits nothing; it works without CSS (unstyled radio tabs show every panel under a stray
// radio button) and in reader modes (Firefox's drops form controls, and with them the block of
// radios and panels); find-in-page opens the variant that holds the match, where hidden radio panels
// are unsearchable; a discriminator value links to its variant and following the link opens it; the
// keyboard and the focus ring are the browser's own (Tab, Enter/Space). What the tabs did better,
// one panel beside a row of names, matters less than those, and `name` keeps one variant open.
//
// Class names are short on purpose (sc-p row, sc-h head, sc-n name, sc-t type, sc-f format, sc-d
// description, sc-x facts, sc-b body, sc-l link, sc-vs variants, sc-var one variant); labels are
// bilingual like <T>.

const LANGS = Object.keys(DICTIONARY) as Lang[];

/** The markup of <T k={key} />, written once per key (the dictionary does not change). */
const tHtmlCache = new Map<TextKey, string>();
function tHtml(key: TextKey): string {
  let out = tHtmlCache.get(key);
  if (out === undefined) {
    out = labelHtml(LANGS.map((l) => [l, translate(l, key)]));
    tHtmlCache.set(key, out);
  }
  return out;
}

/**
 * A constraint in the reader's language: one text when every language says it alike ("≥ 1"); else
 * the words as a label and the value they share written once, after them ("pattern: ^[a-z]+$":
 * Microsoft Graph's date-time pattern took 6 KB a page, written in each language).
 */
export function constraintHtml(c: ApiConstraint): string {
  const texts = LANGS.map((l) => constraintText(c, l));
  if (texts.every((t) => t === texts[0])) return escapeAttribute(texts[0]!);
  const shared = sharedEnd(texts);
  return labelHtml(texts.map((t, i) => [LANGS[i]!, t.slice(0, t.length - shared.length)])) + escapeAttribute(shared);
}

/** The end every text has alike, from a space on (" ^[a-z]+$" of "patrón: ^[a-z]+$" and "pattern: ^[a-z]+$"), or ''. */
function sharedEnd(texts: readonly string[]): string {
  let n = 0;
  const first = texts[0]!;
  while (n < first.length && texts.every((t) => t.length > n && t[t.length - 1 - n] === first[first.length - 1 - n])) n++;
  const end = first.slice(first.length - n);
  const space = end.indexOf(' ');
  return space < 0 ? '' : end.slice(space);
}

/** The element's own id and the empty anchors of its aliases, when someone links here. */
const attrId = (v: SchemaView): string => (v.targeted ? ` id="${v.id}"` : '');
const aliases = (v: SchemaView): string => v.aliases.map((id) => `<span id="${id}"></span>`).join('');

export function schemaTreeInnerHtml(view: SchemaView): string {
  let out = `${aliases(view)}<div class="sc-root">${badges(view, true)}${link(view)}</div>`;
  out += desc(view);
  out += factsHtml(view);
  if (!view.link) out += body(view, 0);
  return out;
}

function badges(view: SchemaView, root: boolean): string {
  let out = `<span class="sc-t">${escapeAttribute(root && view.refName ? view.refName : view.typeLabel)}</span>`;
  if (root && view.refName && view.refName !== view.typeLabel) out += `<span class="sc-f">${escapeAttribute(view.typeLabel)}</span>`;
  if (view.format) out += `<span class="sc-f">${escapeAttribute(view.format)}</span>`;
  return out + marks(view);
}

/** Deprecated, read-only, write-only: as words, not by colour alone. */
function marks(view: SchemaView): string {
  let out = '';
  if (view.deprecated) out += `<span class="api-badge api-badge--deprecated">${tHtml('apiContent.deprecated')}</span>`;
  if (view.readOnly) out += `<span class="api-badge">${tHtml('apiContent.readOnly')}</span>`;
  if (view.writeOnly) out += `<span class="api-badge">${tHtml('apiContent.writeOnly')}</span>`;
  return out;
}

function link(view: SchemaView): string {
  const l = view.link;
  if (!l) return '';
  const label = tHtml(l.reason === 'recursive' ? 'apiContent.recursive' : l.reason === 'seen' ? 'apiContent.seeAbove' : 'apiContent.notExpanded');
  return l.href
    ? `<a class="sc-l sc-l--${l.reason}" href="${l.href}">${l.reason === 'recursive' ? '↻ ' : '↑ '}${label}</a>`
    : `<span class="sc-l sc-l--budget">${label}</span>`;
}

function desc(view: SchemaView): string {
  return view.description ? `<div class="markdown api-markdown sc-d">${view.description}</div>` : '';
}

/** Constraints, constant, default, possible values and examples of a schema. */
function factsHtml(view: SchemaView): string {
  if (!hasFacts(view)) return '';
  let out = '<div class="sc-x">';
  for (const c of view.constraints) out += `<span class="sc-c">${constraintHtml(c)}</span>`;
  if (view.const !== undefined) out += `<span class="sc-v">${tHtml('apiContent.constant')}: <code>${escapeAttribute(view.const)}</code></span>`;
  if (view.default !== undefined) out += `<span class="sc-v">${tHtml('apiContent.default')}: <code>${escapeAttribute(view.default)}</code></span>`;
  if (view.enum) {
    out += `<span class="sc-v sc-v--enum">${tHtml('apiContent.possibleValues')}: `;
    for (const v of view.enum.values) out += `<code>${escapeAttribute(v)}</code>`;
    if (view.enum.more > 0) out += `<span class="sc-more">… +${view.enum.more} ${tHtml('apiContent.moreValues')}</span>`;
    out += '</span>';
  }
  if (view.examples.length) {
    out += `<span class="sc-v">${tHtml(view.examples.length > 1 ? 'apiContent.examples' : 'apiContent.example')}: `;
    out += view.examples.map((e) => `<code>${escapeAttribute(e)}</code>`).join(' ');
    out += '</span>';
  }
  return out + '</div>';
}

function body(view: SchemaView, depth: number): string {
  let out = '';
  const items = view.items;
  if (items?.link) out += `<p class="sc-items">${tHtml('apiContent.items')}: <span class="sc-t">${escapeAttribute(items.typeLabel)}</span> ${link(items)}</p>`;
  else if (items && hasBody(items)) out += `<div class="sc-items"${attrId(items)}>${aliases(items)}${factsHtml(items)}${body(items, depth)}</div>`;
  else if (items && hasFacts(items)) out += `<div class="sc-items"><p class="sc-title">${tHtml('apiContent.items')}</p>${desc(items)}${factsHtml(items)}</div>`;
  if (view.properties.length || view.moreProperties) {
    out += '<ul class="sc-ps">';
    for (const p of view.properties) out += row(escapeAttribute(p.name), false, p.required, p.view, depth);
    if (view.moreProperties) out += `<li class="sc-more">+ ${view.moreProperties} ${tHtml('apiContent.moreProperties')}</li>`;
    out += '</ul>';
  }
  if (view.patternProperties.length || view.prefixItems.length || typeof view.additional === 'object') {
    out += '<ul class="sc-ps">';
    for (const p of view.patternProperties) out += row(escapeAttribute(`/${p.pattern}/`), false, false, p.view, depth);
    view.prefixItems.forEach((v, i) => (out += row(`[${i}]`, false, false, v, depth)));
    if (typeof view.additional === 'object') out += row(tHtml('apiContent.additionalProperties'), true, false, view.additional, depth);
    out += '</ul>';
  }
  if (view.additional === 'none' && view.properties.length) out += `<p class="sc-note">${tHtml('apiContent.noAdditionalProperties')}</p>`;
  for (const group of view.variants) out += variants(group, depth);
  if (view.allOf.length) {
    out += `<div class="sc-group"><p class="sc-title">${tHtml('apiContent.allOf')}</p><ul class="sc-ps">`;
    view.allOf.forEach((v, i) => (out += row(escapeAttribute(v.refName ?? `#${i + 1}`), false, false, v, depth)));
    out += '</ul></div>';
  }
  if (view.not)
    out += `<div class="sc-group"><p class="sc-title">${tHtml('apiContent.not')}</p><ul class="sc-ps">${row(escapeAttribute(view.not.refName ?? 'not'), false, false, view.not, depth)}</ul></div>`;
  return out;
}

/** One property: a plain row, or a <details> when it has nested content. `name` is HTML. */
function row(name: string, isLabel: boolean, required: boolean, view: SchemaView, depth: number): string {
  const head =
    (isLabel ? `<span class="sc-lbl">${name}</span>` : `<code class="sc-n">${name}</code>`) +
    badges(view, false) +
    (required ? `<span class="api-badge api-badge--required">${tHtml('apiContent.required')}</span>` : '') +
    link(view);
  const details = desc(view) + factsHtml(view);
  const cls = view.deprecated ? 'sc-p sc-p--dep' : 'sc-p';
  if (view.link || !hasBody(view)) {
    return `<li class="${cls}"${attrId(view)}>${aliases(view)}<div class="sc-h">${head}</div>${details ? `<div class="sc-b">${details}</div>` : ''}</li>`;
  }
  return `<li class="${cls} sc-p--n"${attrId(view)}>${aliases(view)}<details${depth === 0 ? ' open' : ''}><summary class="sc-h">${head}</summary><div class="sc-b">${details}${body(view, depth + 1)}</div></details></li>`;
}

/** A oneOf/anyOf group: its title (and discriminator), then one disclosure per variant. */
function variants(group: VariantGroup, depth: number): string {
  const disc = group.discriminator;
  let out = `<div class="sc-vs"><p class="sc-title">${tHtml(group.kind === 'oneOf' ? 'apiContent.oneOf' : 'apiContent.anyOf')}`;
  if (disc) {
    out += `<span class="sc-disc">${tHtml('apiContent.discriminator')}: <code>${escapeAttribute(disc.propertyName)}</code>`;
    if (disc.mapping.length) {
      out += '<span class="sc-map">';
      for (const m of disc.mapping) {
        const target = m.option === undefined ? undefined : group.options[m.option]!.view;
        const value = `<code>${escapeAttribute(m.value)}</code>`;
        out += `<span>${target ? `<a href="#${target.id}">${value}</a>` : value} → ${escapeAttribute(m.name)}</span>`;
      }
      out += '</span>';
    }
    // The rest are in the document, the one place that lists them all (a plain link: no script needed).
    if (disc.more) {
      out += ` <span class="sc-more">… +${disc.more} ${tHtml('apiContent.moreValues')}`;
      if (disc.documentHref) out += ` · <a href="${escapeAttribute(disc.documentHref)}" download>${tHtml('apiContent.downloadSpec')}</a>`;
      out += '</span>';
    }
    out += '</span>';
  }
  out += '</p>';
  group.options.forEach((o, i) => {
    const v = o.view;
    let summary = `<span class="sc-vl">${escapeAttribute(o.label)}</span>`;
    if (v.refName && v.refName !== o.label) summary += `<span class="sc-f">${escapeAttribute(v.refName)}</span>`;
    else if (!hasBody(v) && v.typeLabel !== o.label) summary += `<span class="sc-t">${escapeAttribute(v.typeLabel)}</span>`;
    if (!hasBody(v) && v.format && !o.label.includes(v.format)) summary += `<span class="sc-f">${escapeAttribute(v.format)}</span>`;
    summary += marks(v);
    const content = `${link(v) ? `<div class="sc-root">${link(v)}</div>` : ''}${desc(v)}${factsHtml(v)}${v.link ? '' : body(v, depth + 1)}`;
    out += `<details class="sc-var" name="${group.group}"${i === 0 ? ' open' : ''}><summary class="sc-vh">${summary}</summary>`;
    out += `<div class="sc-panel"${attrId(v)}>${aliases(v)}${content}</div></details>`;
  });
  if (group.more) out += `<p class="sc-more">+ ${group.more} ${tHtml('apiContent.moreValues')}</p>`;
  return out + '</div>';
}
