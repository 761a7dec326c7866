/** A browser asking whether it may send a request: OPTIONS with Origin and Access-Control-Request-Method. */
export function isPreflight(method: string, headers: Record<string, string | string[] | undefined>): boolean {
  return method === 'OPTIONS' && headers.origin !== undefined && headers['access-control-request-method'] !== undefined;
}
