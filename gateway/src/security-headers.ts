import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet would set, computed once: the plugin rebuilds helmet (and re-parses
 * the content security policy) on every request, a measurable share of the gateway's CPU.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => undefined);
  return headers;
}

export interface GatewaySecurityOptions {
  /** The `script-src` sources of the inline scripts pages carry (their SHA-256; @reproute/pages inlineScriptSources). */
  inlineScripts: readonly string[];
  /** Strict-Transport-Security's max-age on answers over HTTPS (seconds; 0: not sent). */
  hstsMaxAgeSeconds: number;
}

/**
 * The security headers of the API's answers (JSON, CSV, nothing a browser renders as a page), as OWASP's REST
 * Security Cheat Sheet gives them: nothing in such an answer may load or run (`default-src 'none'`), be framed,
 * sniffed into another type or read by another site's page. The page headers' document settings (the pages'
 * sources, the opener and agent-cluster isolation, helmet's legacy headers for old browsers' downloads and DNS
 * prefetching) mean nothing to an answer no browser renders, and were most of its header bytes.
 */
export const apiSecurityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** Whether an address is the API's, whose answers carry `apiSecurityHeaders` (all else the pages' headers). */
export const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');

/** The pages' answer headers: the page policy and the other security headers, and HSTS's value for answers over HTTPS. */
export function gatewaySecurityHeaders(options: GatewaySecurityOptions): { headers: Record<string, string>; hsts: string | undefined } {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The search map's default tiles (VITE_MAP_TILE_URL); another tile host must be added here too.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        // No inline script runs but the pages' one fixed script, allowed by its hash (frontend/src/pageScript).
        scriptSrc: ["'self'", ...options.inlineScripts],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        // Served over plain http on loopback locally; TLS is terminated in front of the gateway elsewhere.
        upgradeInsecureRequests: null,
      },
    },
    // Sent apart, on answers over HTTPS only (HSTS_MAX_AGE_SECONDS).
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  const hsts = options.hstsMaxAgeSeconds > 0 ? `max-age=${options.hstsMaxAgeSeconds}; includeSubDomains` : undefined;
  return { headers, hsts };
}

/**
 * The security headers of one answer, by its address and scheme: the API's set on the API's answers, the pages' on
 * the rest, and HSTS over HTTPS (as the ingress in front says, with TRUST_PROXY). The plugin's hook and the load
 * shedder's 503 (sent before any hook runs) both answer with these.
 */
/** The security headers of one answer by its address and scheme (`answerSecurityHeaders`). */
export type SecurityHeadersFor = (url: string, protocol: string) => Readonly<Record<string, string>>;

export function answerSecurityHeaders({ headers, hsts }: { headers: Record<string, string>; hsts: string | undefined }): SecurityHeadersFor {
  const secured = (set: Readonly<Record<string, string>>) => (hsts ? Object.freeze({ ...set, 'strict-transport-security': hsts }) : set);
  const api = { plain: apiSecurityHeaders, https: secured(apiSecurityHeaders) };
  const pages = { plain: headers, https: secured(headers) };
  return (url, protocol) => {
    const set = isApiPath(url) ? api : pages;
    return protocol === 'https' ? set.https : set.plain;
  };
}
