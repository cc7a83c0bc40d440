// The security headers of every answer (helmet), computed once. @fastify/helmet builds a new
// helmet middleware, parsing the CSP again, on every request: on a database-free route that
// was most of the server's own cost (24% of a bare node:http server's
// requests per second). Helmet's headers do not depend on the request, so its middleware
// runs once at start-up against a recorder, and one synchronous onRequest hook copies the
// recorded headers onto each reply. The web page adds its per-request style nonce to this
// CSP itself (web-app.ts). The headers sent are the same as before.
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config.ts';

function securityHeaderOptions(config: Config) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Stored files are served by this site (/files), whatever the storage behind it.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Uploaded images and PDFs are shown by the web app on the same origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Whenever the site is reached over TLS: served by this server itself, or behind a proxy
    // that ends TLS (an https PUBLIC_URL), and always in production.
    strictTransportSecurity:
      config.tls !== null || config.publicUrl.startsWith('https:') || config.env === 'production',
  } satisfies HelmetOptions;
}

/** The headers helmet sets with these options (it also removes X-Powered-By, never sent here). */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  helmet(securityHeaderOptions(config))(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    () => {},
  );
  return headers;
}

export function addSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
