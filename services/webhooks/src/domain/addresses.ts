import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import { parseWebhookUrl, webhookMessages } from '@reproute/contracts';

/**
 * Where a webhook may not go (docs/security.md, "Webhooks"): loopback, private, carrier-grade NAT, link-local
 * (the cloud metadata address among them), "this network", multicast, reserved and documentation ranges, and the
 * IPv6 equivalents; an IPv4-mapped IPv6 address is judged as its IPv4 address.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b::', 96], ['100::', 64],
] as const) blocked.addSubnet(network, prefix, 'ipv6');

/** True when the address is one no production webhook reaches. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

export interface AddressPolicy {
  allowPrivate: boolean;
  allowHttp: boolean;
}

export type UrlVerdict = { ok: true; url: URL } | { ok: false; message: string };

/** A URL's scheme and form under the policy, before any lookup. */
export function checkUrlForm(value: string, policy: AddressPolicy): UrlVerdict {
  const url = parseWebhookUrl(value);
  if (!url) return { ok: false, message: webhookMessages.urlInvalid };
  if (url.protocol !== 'https:' && !policy.allowHttp) return { ok: false, message: webhookMessages.urlNotHttps };
  return { ok: true, url };
}

/** Every address `hostname` resolves to (an address literal is its own). */
export async function resolveAll(hostname: string): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  const found = await lookup(bare, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
}

/**
 * Checks a webhook URL as it is added: its form, then every address its host resolves to (any private one refuses
 * it, so a name with one public and one private address is refused too). Delivery checks the address it connects
 * to again (delivery.ts), so a name that later resolves elsewhere is caught where it matters.
 */
export async function checkWebhookUrl(value: string, policy: AddressPolicy, resolve: (host: string) => Promise<string[]> = resolveAll): Promise<UrlVerdict> {
  const form = checkUrlForm(value, policy);
  if (!form.ok) return form;
  let addresses: string[];
  try {
    addresses = await resolve(form.url.hostname);
  } catch {
    return { ok: false, message: webhookMessages.urlUnresolvable };
  }
  if (addresses.length === 0) return { ok: false, message: webhookMessages.urlUnresolvable };
  if (!policy.allowPrivate && addresses.some(isPrivateAddress)) return { ok: false, message: webhookMessages.urlPrivate };
  return form;
}
