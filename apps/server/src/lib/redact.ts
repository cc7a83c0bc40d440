// What the request log may say about a URL. Links that grant something carry their token
// in the query (onboarding, the dashboard, password reset), and some routes carry an
// e-mail address in the path (password update): neither belongs in a log that operators
// read and ship elsewhere.

const SECRET_PARAMS = /^(token|.*_token|.*Token|key|code|secret|signature|pin)$/i;
const SEPARATORS = /([/?&=\s]+)/;
const AT = /@|%40/i;

/**
 * Each run of characters between separators that holds an e-mail address (something, '@' or
 * '%40', something) replaced by '[email]'. Split first, then one search per run: a pattern that
 * looked for the address itself would try again from every character of a long run without
 * an '@' (time growing with the square of its length).
 */
function redactEmails(text: string): string {
  return text
    .split(SEPARATORS)
    .map((run) => {
      const at = run.search(AT);
      const after = at + (run[at] === '@' ? 1 : 3);
      return at > 0 && after < run.length ? '[email]' : run;
    })
    .join('');
}

/** The URL with secret query values replaced by `[redacted]` and e-mail addresses by `[email]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = redactEmails(q === -1 ? url : url.slice(0, q));
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return redactEmails(pair);
      const name = pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return SECRET_PARAMS.test(decoded)
        ? `${name}=[redacted]`
        : `${name}=${redactEmails(pair.slice(eq + 1))}`;
    })
    .join('&');
  return `${path}?${query}`;
}
