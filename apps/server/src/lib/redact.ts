// What the request log may say about a URL. Links that grant something carry their token
// in the query (onboarding, the dashboard, password reset), and some routes carry an
// e-mail address in the path (password update): neither belongs in a log that operators
// read and ship elsewhere.

const SECRET_PARAMS = /^(token|.*_token|.*Token|key|code|secret|signature|pin)$/i;
const EMAIL = /[^/?&=\s]+(@|%40)[^/?&=\s]+/gi;

/** The URL with secret query values replaced by `[redacted]` and e-mail addresses by `[email]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(EMAIL, '[email]');
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair.replace(EMAIL, '[email]');
      const name = pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return SECRET_PARAMS.test(decoded)
        ? `${name}=[redacted]`
        : `${name}=${pair.slice(eq + 1).replace(EMAIL, '[email]')}`;
    })
    .join('&');
  return `${path}?${query}`;
}
