import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emailKindsFor, emailLinkPaths, endpoints, maskedAddress, messages, type EmailOptOut } from '@reproute/contracts';
import { badRequest, requireUser, serveEndpoint, unauthorized, type HttpError, type ServiceContext } from '@reproute/platform';
import { verifyEmailLinkToken, type EmailLinkClaims } from '@reproute/platform/email-links';
import type { Config } from '../config.ts';
import type { IdentityDeps } from '../app.ts';
import { findUserById } from '../store/users.ts';
import { isBeingDeleted } from '../store/account-deletion.ts';
import { listOptOuts, setEmailPreference } from '../store/email-preferences.ts';

/** The largest one-click body read (the RFC 8058 body is 26 bytes; a multipart envelope a few hundred). */
const oneClickBodyLimit = 8 * 1024;

/** `a=b&c=d` as an object (the last value of a repeated name). */
export function parseUrlEncoded(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/**
 * The text fields of a `multipart/form-data` body (RFC 7578), which RFC 8058 lets a mail client send the one-click
 * body as; files and fields without a name are left out. Throws a 400 when the boundary is missing.
 */
export function parseMultipartFields(body: string, contentType: string | undefined): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) throw badRequest(messages.unsubscribeBodyInvalid);
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${mark}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const headers = part.slice(0, split);
    const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(headers)?.[1];
    if (!name || /\bfilename=/i.test(headers)) continue;
    fields[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

/**
 * Email preferences (docs/decisions.md, "Email preferences and unsubscribing"): the owner's page, signed in or
 * through an email's link (its token stands for the address it was sent to, for that account's kinds), and the
 * one-click unsubscribe of RFC 8058, which mail clients POST without a sign-in or a cookie. A GET never changes
 * anything (mail scanners open links). Every change applies at once: the notifier checks as it sends.
 */
export async function emailPreferenceRoutes(app: FastifyInstance, { ctx, deps }: { ctx: ServiceContext<Config>; deps: IdentityDeps }) {
  const { pool, relay } = ctx;

  // Mail clients send the one-click body as a form (RFC 8058 section 3.1); these parsers hold for this plugin's routes only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: oneClickBodyLimit }, (_request, body, done) => {
    done(null, parseUrlEncoded(String(body)));
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: oneClickBodyLimit }, (request, body, done) => {
    try {
      done(null, parseMultipartFields(String(body), request.headers['content-type']));
    } catch (err) {
      done(err as HttpError, undefined);
    }
  });

  /** The preferences of an account, its address as given (signed in) or masked (through a link). */
  async function preferencesOf(userId: string, masked: boolean): Promise<{ email: string; kinds: ReturnType<typeof emailKindsFor>; optOuts: EmailOptOut[] }> {
    const user = await findUserById(pool, userId);
    if (!user) throw unauthorized(messages.sessionExpired);
    const optOuts = (await listOptOuts(pool, userId)).map(({ kind, scope }) => ({ kind, scope }));
    return { email: masked ? maskedAddress(user.email) : user.email, kinds: emailKindsFor(user.is_provider), optOuts };
  }

  /** The claims of a link's token, checked against the account's current address; 400 with the reason otherwise. */
  async function claimsOf(request: FastifyRequest, token: string): Promise<EmailLinkClaims> {
    const check = await verifyEmailLinkToken(deps.emailLinkKey, token, async (userId) => {
      const user = await findUserById(pool, userId);
      // An account being deleted has no preferences left to change: its links stop with its tokens.
      if (!user || (await isBeingDeleted(pool, userId))) return null;
      return user.email;
    });
    if (!check.ok) {
      request.log.info({ reason: check.reason }, 'email link refused');
      const message = check.reason === 'expired' ? messages.unsubscribeTokenExpired : messages.unsubscribeTokenInvalid;
      throw badRequest(message, [{ path: 'token', message }]);
    }
    return check.claims;
  }

  const linkGone = () => badRequest(messages.unsubscribeTokenInvalid, [{ path: 'token', message: messages.unsubscribeTokenInvalid }]);

  serveEndpoint(app, endpoints['GET /api/email-preferences'], async (request) => preferencesOf(requireUser(request).id, false));

  serveEndpoint(app, endpoints['PUT /api/email-preferences'], async (request) => {
    const caller = requireUser(request);
    const { kind, scope, subscribed } = request.body;
    const changed = await setEmailPreference(pool, caller.id, { kind, scope, subscribed, source: 'preferences' });
    if (!changed) throw unauthorized(messages.sessionExpired);
    relay.nudge();
    request.log.info({ userId: caller.id, kind, scoped: scope !== null, subscribed }, 'email preference changed');
    return preferencesOf(caller.id, false);
  });

  serveEndpoint(app, endpoints['GET /api/email-preferences/by-link'], async (request) => {
    const claims = await claimsOf(request, request.query.token);
    return { ...(await preferencesOf(claims.userId, true)), link: { kind: claims.kind, scope: claims.scope } };
  });

  serveEndpoint(app, endpoints['PUT /api/email-preferences/by-link'], async (request) => {
    const { token, kind, scope, subscribed } = request.body;
    const claims = await claimsOf(request, token);
    const changed = await setEmailPreference(pool, claims.userId, { kind, scope, subscribed, source: 'preferences' });
    if (!changed) throw linkGone();
    relay.nudge();
    request.log.info({ userId: claims.userId, kind, scoped: scope !== null, subscribed }, 'email preference changed through a link');
    return { ...(await preferencesOf(claims.userId, true)), link: { kind: claims.kind, scope: claims.scope } };
  });

  serveEndpoint(
    app,
    endpoints['POST /api/email-preferences/unsubscribe'],
    async (request) => {
      const claims = await claimsOf(request, request.query.token);
      const changed = await setEmailPreference(pool, claims.userId, { kind: claims.kind, scope: claims.scope, subscribed: false, source: 'one-click' });
      if (!changed) throw linkGone();
      relay.nudge();
      request.log.info({ userId: claims.userId, kind: claims.kind, scoped: claims.scope !== null }, 'unsubscribed in one click');
      return { message: messages.unsubscribed, kind: claims.kind, scope: claims.scope };
    },
    { bodyLimit: oneClickBodyLimit },
  );

  serveEndpoint(app, endpoints['GET /api/email-preferences/unsubscribe'], async (request, reply) =>
    reply.redirect(`${emailLinkPaths.confirm}?token=${encodeURIComponent(request.query.token)}`, 303),
  );
}
