// The copy buttons of code blocks (components/content/code-copy.ts writes them into the page):
// one click listener on the document, so client navigations and islands need nothing more.

const DONE_MS = 2000;

/** The code as written: the lines' text, without line numbers (CSS counters) or line marks. */
function codeText(code: Element): string {
  return (code.textContent ?? '').replace(/\n$/, '');
}

async function writeClipboard(doc: Document, text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (an insecure origin) or no permission: the older way.
    const area = doc.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
    doc.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = doc.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** Copies a block's code on its button's click, then says "Copied" once (status region) for 2 s. */
export function initCodeCopy(doc: Document): void {
  const timers = new WeakMap<Element, number>();
  doc.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('[data-code-copy]');
    const block = button?.closest('.code-block');
    const code = block?.querySelector('pre code') ?? block?.querySelector('pre');
    if (!button || !block || !code) return;
    void writeClipboard(doc, codeText(code)).then((ok) => {
      const status = block.querySelector('[data-code-copy-status]');
      if (!ok) {
        // Select the code instead, for the reader to copy it themselves.
        doc.getSelection()?.selectAllChildren(code);
        return;
      }
      clearTimeout(timers.get(block));
      button.setAttribute('data-copied', '');
      const copied = block.querySelector('[data-code-copied]');
      status?.replaceChildren(...[...(copied?.childNodes ?? [])].map((n) => n.cloneNode(true)));
      timers.set(
        block,
        window.setTimeout(() => {
          button.removeAttribute('data-copied');
          status?.replaceChildren();
        }, DONE_MS),
      );
    });
  });
}
