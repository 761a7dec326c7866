// Which names carry a credential: the one place the exports, the Markdown and the mock's log lines
// ask. Three rules, each as narrow as its use allows.

/**
 * A parameter (query, header, cookie) or a query key of a logged URL whose value is a credential:
 * written empty in the client exports, logged as "***". Broad ("key", "auth", "sig", "session"
 * anywhere): a wrongly emptied parameter only asks the reader to fill it in. An Idempotency-Key is
 * a value the client makes up per request, not a credential: emptied, the request is refused.
 */
export const SECRET_PARAMETER = /(?<!idempotency[-_]?)key|token|secret|passw|pwd|auth|sig|credential|session/i;

/** A body field of an example written to a client collection: narrower, as "idempotency_key" or "author" is data, not a credential. */
export const SECRET_FIELD = /secret|passw|pwd|token|api[-_]?key|credential|private[-_]?key/i;

/**
 * A field or form name in the Markdown's text (prose and examples a reader sees): the whole name, and
 * only tokens that grant access, so that "token_type" or "next_token" are still shown as written.
 */
export const SECRET_TEXT_NAME =
  /^[\w.-]*(secret|password|passwd|passphrase|access[_-]?token|refresh[_-]?token|id[_-]?token|api[_-]?key|private[_-]?key|credential)[\w.-]*$|^(token|key)$/i;
