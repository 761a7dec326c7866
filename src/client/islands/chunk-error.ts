/** A widget whose code failed to load: the error and a 'Retry' button. */
export function showChunkError(el: HTMLElement, error: unknown, retry: () => void): void {
  el.querySelector(':scope > .chunk-error')?.remove();
  const box = document.createElement('div');
  box.className = 'chunk-error';
  box.setAttribute('role', 'alert');
  const message = document.createElement('p');
  message.textContent = error instanceof Error ? error.message : String(error);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button--secondary';
  button.textContent = 'Retry';
  button.addEventListener('click', () => {
    box.remove();
    retry();
  });
  box.append(message, button);
  el.append(box);
}
