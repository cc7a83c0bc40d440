// Builds the whole product as one Fastify app from a Config: database, adapters,
// security headers, API modules, Socket.IO, uploaded files and the web app.
// main.ts listens with it; tests build it and call it through app.inject.
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMailer } from './adapters/mail/mail.ts';
import { createPayments } from './adapters/payments/payments.ts';
import { createStorage } from './adapters/storage/storage.ts';
import type { Config } from './config.ts';
import { type AppContext, createContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { addGeneralRateLimit, memoryStore, redisStore, tooManyRequests } from './general-rate-limit.ts';
import { AppError } from './lib/errors.ts';
import { redactUrl } from './lib/redact.ts';
import { lazyRequestLogger } from './lib/request-logger.ts';
import { zodValidatorCompiler } from './lib/validation.ts';
import { findSession, liveSessions } from './modules/access/index.ts';
import { registerChatSockets } from './modules/chat/chat.sockets.ts';
import devRoutes from './modules/dev/dev.routes.ts';
import { fileServingRoutes } from './modules/files/files.routes.ts';
import { apiModules, siteRootModules } from './modules/index.ts';
import { createRealtime } from './realtime/realtime.ts';
import { addSecurityHeaders, securityHeaders } from './security-headers.ts';
import { registerWebApp } from './web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route as 'METHOD /path' with whether it is left out of the API reference on purpose. */
    routeList: Array<{ route: string; hidden: boolean }>;
    /** draining: the process was told to stop; GET /api/ready answers 503 from then on. */
    lifecycle: { draining: boolean };
  }
}

export type App = FastifyInstance;

// Request ids tie an answer to its log lines, so they need to be unique, not secret: a random
// prefix per process (instances differ) and a counter, instead of a random UUID per request,
// which was a measurable part of a database-free answer's cost (docs/PERFORMANCE.md).
const requestIdPrefix = randomBytes(6).toString('base64url');
let requestCount = 0;
const nextRequestId = () => `${requestIdPrefix}-${(++requestCount).toString(36)}`;

export async function buildApp(config: Config): Promise<App> {
  const options = {
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        // Fastify's own request fields, with link tokens and e-mail addresses taken out of the URL.
        req: (req: Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip' | 'socket'>) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    // Each request's logger is built when something is logged (lib/request-logger.ts).
    childLoggerFactory: lazyRequestLogger,
    genReqId: (req: { headers: IncomingHttpHeaders }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : nextRequestId();
    },
    // A hop count believes that many proxies from the server outwards (proxy-addr's hop index).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
  };
  // With TLS: HTTP/2 for browsers that offer it (one connection carries all of a page's
  // scripts), HTTP/1.1 for the rest and for WebSocket upgrades (allowHTTP1). The instance is
  // typed as the HTTP/1 one all the same (the cast below): every use of the raw request, reply
  // and server (Socket.IO, multipart, static files, the webhook's raw body, logging, req.ip)
  // goes through the parts Node's HTTP/2 compatibility API shares with node:http, which
  // tls.test.ts runs over HTTP/2, and one App type keeps route and plugin code free of server
  // generics. An HTTP/2 server has no closeIdleConnections ('idle'): with `true`, close ends
  // each HTTP/2 session gracefully (GOAWAY, running streams finish) and drops HTTP/1.1
  // keep-alive connections.
  const fastify = config.tls
    ? (Fastify({
        ...options,
        http2: true,
        https: { allowHTTP1: true, cert: config.tls.cert, key: config.tls.key },
        forceCloseConnections: true,
      }) as unknown as FastifyInstance)
    : Fastify({ ...options, forceCloseConnections: 'idle' });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  // A JSON content type with an empty body (a browser POST without payload) is no body,
  // not a parse error; everything else goes through Fastify's safe JSON parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(req, body as string, done);
  });
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase(config);
  const applied = await database.migrate();
  app.log.info({ applied }, applied > 0 ? 'migrations applied' : 'migrations already applied');
  const realtime = await createRealtime(app.server, {
    redisUrl: config.redisUrl,
    corsOrigin: config.corsOrigin,
    keyPrefix: config.realtimeNamespace,
    sweepMs: config.realtimeSweepMs,
    auth: {
      authenticate: (token) => findSession(database.db, token),
      liveSessions: (ids) => liveSessions(database.db, ids),
    },
  });
  const ctx = createContext({
    config,
    database,
    mail: createMailer(config, database.db, app.log),
    storage: createStorage(config),
    payments: createPayments(config, database.db),
    realtime,
    log: app.log,
  });
  app.decorate('ctx', ctx);
  app.decorate('lifecycle', { draining: false });
  registerChatSockets(ctx);
  // Realtime closes before the HTTP server does: the server's close waits for every open
  // connection, and an open WebSocket (or long-poll) would hold it until main.ts's forced exit.
  // Its clients are told the server went away and reconnect (to another instance).
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    await ctx.mail.close();
    await database.close();
  });
  // Per-request hooks are synchronous (callback style): an async hook costs a promise on
  // every request, which a database-free route notices (docs/PERFORMANCE.md#api-overhead).
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });

  // Before any plugin adds routes (swagger-ui's pages too), so the list is complete.
  const routeList: Array<{ route: string; hidden: boolean }> = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hidden = !!(route.schema as { hide?: boolean } | undefined)?.hide;
    for (const method of methods) {
      if (method !== 'HEAD' && method !== 'OPTIONS')
        routeList.push({ route: `${method} ${route.url}`, hidden });
    }
  });
  addSecurityHeaders(app, config);
  if (config.corsOrigin) await app.register(cors, { origin: config.corsOrigin.split(',') });

  const rateLimitRedis = config.redisUrl ? await redisForRateLimit(config.redisUrl, app) : undefined;
  addGeneralRateLimit(app, {
    max: Math.round(600 * config.rateLimitScale),
    windowMs: 60_000,
    store: rateLimitRedis
      ? redisStore(rateLimitRedis, `${config.rateLimitNamespace}general:`)
      : memoryStore(),
  });
  // The stricter limits routes set themselves (`config.rateLimit`) and the auth limiters
  // (app.createRateLimit), with the same store.
  await app.register(rateLimit, {
    global: false,
    redis: rateLimitRedis,
    nameSpace: config.rateLimitNamespace,
    // If the store is briefly unreachable, serving is better than failing.
    skipOnError: true,
    errorResponseBuilder: (_req, context) => tooManyRequests(context.ttl),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'StampWorks API',
        description:
          'Marketplace for stamped engineering drawings. Authenticated calls send `Authorization: Bearer <token>`.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The API reference page (swagger-ui) sets styles inline; only its pages get that allowance,
  // from a hook in their own plugin context, so no other answer runs it.
  await app.register(async (docs) => {
    docs.addHook('onSend', (_req, reply, payload, done) => {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string')
        reply.header(
          'content-security-policy',
          csp.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
        );
      done(null, payload);
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ message: err.message, code: err.code, fields: err.fields });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.status(500).send({ message: 'Server error. Try again later.', code: 'INTERNAL' });
    }
    // Fastify's own 4xx (malformed JSON, body too large, wrong content type...). After a body
    // it could not read Fastify asks for `connection: close`, a header HTTP/2 forbids (Node
    // drops it with a warning): there only the stream ends, never the shared connection.
    if (req.raw.httpVersionMajor === 2) reply.removeHeader('connection');
    const message =
      status === 413
        ? 'The upload is too large.'
        : status === 415
          ? 'Unsupported content type.'
          : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is not valid JSON.'
            : 'Invalid request.';
    return reply.status(status).send({ message, code: err.code ?? 'BAD_REQUEST' });
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send({ message: `No such address: ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });

  await app.register(
    async (api) => {
      for (const mod of apiModules) await api.register(mod);
    },
    { prefix: '/api' },
  );

  await app.register(devRoutes);
  // Before the web app's static files: these exact paths win over its wildcard route.
  for (const mod of siteRootModules) await app.register(mod);

  await app.register(fileServingRoutes);
  await registerWebApp(app, config.webDist, securityHeaders(config)['content-security-policy'], {
    sourceMaps: config.env !== 'production',
  });

  await app.ready();
  return app;
}

async function redisForRateLimit(url: string, app: FastifyInstance) {
  const { Redis } = await import('ioredis');
  // Connected before the first request: with the offline queue off, a client still
  // connecting would fail every limit check.
  const redis = new Redis(url, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  await redis.connect();
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => {});
  });
  return redis;
}

/**
 * Builds the API reference (JSON and YAML) once, where a start can wait for it: built by the
 * first visitor of /api/docs/yaml instead, it held every other request for a second or more.
 * The server's start calls it (main.ts); tests that need it call it too.
 */
export function warmApiReference(app: FastifyInstance): void {
  app.swagger();
  app.swagger({ yaml: true });
}
