// Why a target could not be reached, in plain words for the person who pressed Send (the 502's
// body): DNS, a refused or reset connection, no route, TLS (handshake or certificate), an answer that
// is not HTTP. The error's code decides; its message is added where it says more than the code.

const CERTIFICATE =
  /^(CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET_ISSUER_CERT|VERIFY_LEAF_SIGNATURE)|ERR_TLS_CERT_ALTNAME_INVALID)/;

export function describeUpstreamError(err: Error & { code?: string; reason?: unknown }, target: URL): string {
  const host = target.hostname;
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  const code = err.code ?? '';
  if (code === 'ENOTFOUND') return `Could not reach ${host}: the host name does not resolve (DNS lookup failed).`;
  if (code === 'EAI_AGAIN') return `Could not reach ${host}: the DNS lookup failed for now (the proxy's name server did not answer); try again.`;
  if (code === 'ECONNREFUSED') return `Could not reach ${host}: the connection to port ${port} was refused (nothing listens there).`;
  if (code === 'ECONNRESET' || code === 'EPIPE') return `${host} closed the connection before answering.`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `Could not reach ${host}: no network route to it from the proxy.`;
  if (code === 'ETIMEDOUT') return `Could not reach ${host}: connecting to port ${port} timed out.`;
  if (CERTIFICATE.test(code)) return `Could not reach ${host} securely: its TLS certificate is not accepted (${reason(err)}).`;
  if (code === 'EPROTO' || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_'))
    return `Could not reach ${host} securely: the TLS handshake failed (${reason(err)}). Is port ${port} serving https?`;
  if (code.startsWith('HPE_')) return `${host} answered with something that is not valid HTTP.`;
  return `Could not reach ${host}: ${err.message || code || 'the request failed'}.`;
}

/** OpenSSL's reason ("wrong version number") rather than its whole error line, with codes and source file. */
function reason(err: Error & { reason?: unknown }): string {
  if (typeof err.reason === 'string' && err.reason) return err.reason;
  const openssl = /error:[0-9A-F]+:[^:]*:[^:]*:([^:\n]+)/.exec(err.message);
  return (openssl?.[1] ?? err.message.split('\n')[0] ?? '').trim();
}
