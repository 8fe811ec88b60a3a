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
