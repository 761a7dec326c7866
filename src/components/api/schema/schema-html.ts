import { DICTIONARY, translate, type Lang, type TextKey } from '../../../shared/i18n.js';
import { hasBody, type SchemaView } from './plan-schema-view.js';

// A schema tree as HTML, written directly rather than through React: the trees are most of an API
// page's elements (GitHub's spec: ~80,000 rows over 1,200 pages) and string building is several
// times faster. The markup works without JavaScript: nested objects in <details>, oneOf/anyOf as
// radio tabs (CSS shows the checked one's panel), recursion and repeats as links to where the schema
// is already drawn. Class names are short on purpose (sc-p row, sc-h head, sc-n name, sc-t type,
// sc-f format, sc-d description, sc-x facts, sc-b body, sc-l link); labels are bilingual like <T>.

const LANGS = Object.keys(DICTIONARY) as Lang[];

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The markup of <T k={key} />, written once per key (the dictionary does not change). */
const tHtmlCache = new Map<TextKey, string>();
function tHtml(key: TextKey): string {
  let out = tHtmlCache.get(key);
  if (out === undefined) {
    out = '';
    for (const l of LANGS) out += `<span lang="${l}" data-l="${l}">${escapeHtml(translate(l, key))}</span>`;
    tHtmlCache.set(key, out);
  }
  return out;
}

const attrId = (v: SchemaView): string => (v.targeted ? ` id="${v.id}"` : '');

export function schemaTreeInnerHtml(view: SchemaView): string {
  let out = `<div class="sc-root">${badges(view, true)}${link(view)}</div>`;
  out += desc(view);
  out += factsHtml(view);
  if (!view.link) out += body(view, 0);
  return out;
}

function badges(view: SchemaView, root: boolean): string {
  let out = `<span class="sc-t">${escapeHtml(root && view.refName ? view.refName : view.typeLabel)}</span>`;
  if (root && view.refName && view.refName !== view.typeLabel) out += `<span class="sc-f">${escapeHtml(view.typeLabel)}</span>`;
  if (view.format) out += `<span class="sc-f">${escapeHtml(view.format)}</span>`;
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

function hasFacts(view: SchemaView): boolean {
  return view.constraints.length > 0 || view.default !== undefined || view.const !== undefined || view.enum !== undefined || view.examples.length > 0;
}

/** Constraints, constant, default, possible values and example of a schema. */
function factsHtml(view: SchemaView): string {
  if (!hasFacts(view)) return '';
  let out = '<div class="sc-x">';
  for (const c of view.constraints) out += `<span class="sc-c">${escapeHtml(c)}</span>`;
  if (view.const !== undefined) out += `<span class="sc-v">${tHtml('apiContent.constant')}: <code>${escapeHtml(view.const)}</code></span>`;
  if (view.default !== undefined) out += `<span class="sc-v">${tHtml('apiContent.default')}: <code>${escapeHtml(view.default)}</code></span>`;
  if (view.enum) {
    out += `<span class="sc-v sc-v--enum">${tHtml('apiContent.possibleValues')}: `;
    for (const v of view.enum.values) out += `<code>${escapeHtml(v)}</code>`;
    if (view.enum.more > 0) out += `<span class="sc-more">… +${view.enum.more} ${tHtml('apiContent.moreValues')}</span>`;
    out += '</span>';
  }
  if (view.examples.length) out += `<span class="sc-v">${tHtml('apiContent.example')}: <code>${escapeHtml(view.examples[0]!)}</code></span>`;
  return out + '</div>';
}

function body(view: SchemaView, depth: number): string {
  let out = '';
  const items = view.items;
  if (items?.link) out += `<p class="sc-items">${tHtml('apiContent.items')}: <span class="sc-t">${escapeHtml(items.typeLabel)}</span> ${link(items)}</p>`;
  else if (items && hasBody(items)) out += `<div class="sc-items"${attrId(items)}>${body(items, depth)}</div>`;
  if (view.properties.length || view.moreProperties) {
    out += '<ul class="sc-ps">';
    for (const p of view.properties) out += row(escapeHtml(p.name), false, p.required, p.view, depth);
    if (view.moreProperties) out += `<li class="sc-more">+ ${view.moreProperties} ${tHtml('apiContent.moreProperties')}</li>`;
    out += '</ul>';
  }
  if (view.patternProperties.length || view.prefixItems.length || typeof view.additional === 'object') {
    out += '<ul class="sc-ps">';
    for (const p of view.patternProperties) out += row(escapeHtml(`/${p.pattern}/`), false, false, p.view, depth);
    view.prefixItems.forEach((v, i) => (out += row(`[${i}]`, false, false, v, depth)));
    if (typeof view.additional === 'object') out += row(tHtml('apiContent.additionalProperties'), true, false, view.additional, depth);
    out += '</ul>';
  }
  if (view.additional === 'none' && view.properties.length) out += `<p class="sc-note">${tHtml('apiContent.noAdditionalProperties')}</p>`;
  for (const group of view.variants) out += variants(view, group, depth);
  if (view.allOf.length) {
    out += `<div class="sc-group"><p class="sc-title">${tHtml('apiContent.allOf')}</p><ul class="sc-ps">`;
    view.allOf.forEach((v, i) => (out += row(escapeHtml(v.refName ?? `#${i + 1}`), false, false, v, depth)));
    out += '</ul></div>';
  }
  if (view.not)
    out += `<div class="sc-group"><p class="sc-title">${tHtml('apiContent.not')}</p><ul class="sc-ps">${row(escapeHtml(view.not.refName ?? 'not'), false, false, view.not, depth)}</ul></div>`;
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
  if (view.link || !hasBody(view)) {
    return `<li class="sc-p"${attrId(view)}><div class="sc-h">${head}</div>${details ? `<div class="sc-b">${details}</div>` : ''}</li>`;
  }
  return `<li class="sc-p sc-p--n"${attrId(view)}><details${depth === 0 ? ' open' : ''}><summary class="sc-h">${head}</summary><div class="sc-b">${details}${body(view, depth + 1)}</div></details></li>`;
}

function variants(view: SchemaView, group: SchemaView['variants'][number], depth: number): string {
  const disc = view.discriminator;
  let out = `<div class="sc-vs"><p class="sc-title">${tHtml(group.kind === 'oneOf' ? 'apiContent.oneOf' : 'apiContent.anyOf')}`;
  if (disc) {
    out += `<span class="sc-disc">${tHtml('apiContent.discriminator')}: <code>${escapeHtml(disc.propertyName)}</code>`;
    if (disc.mapping.length)
      out += `<span class="sc-map">${disc.mapping.map((m) => `<span><code>${escapeHtml(m.value)}</code> → ${escapeHtml(m.name)}</span>`).join('')}</span>`;
    out += '</span>';
  }
  out += '</p><div class="sc-tabs">';
  group.options.forEach((o, i) => {
    const id = `${group.group}-${i}`;
    out += `<input type="radio" class="sc-radio" name="${group.group}" id="${id}"${i === 0 ? ' checked=""' : ''}/>`;
    out += `<label class="sc-tab" for="${id}">${escapeHtml(o.label)}</label>`;
    out += `<div class="sc-panel"${attrId(o.view)}><div class="sc-root">${badges(o.view, true)}${link(o.view)}</div>${desc(o.view)}${factsHtml(o.view)}${o.view.link ? '' : body(o.view, depth + 1)}</div>`;
  });
  return out + '</div></div>';
}
