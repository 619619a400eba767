import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { whatsappMessages as messages } from '@portal/domain';
import type { GatewayHost } from '../../config';

/**
 * Which WhatsApp gateways the server may call (issue 28, decision 022). The rule is applied twice:
 * to the URL's text when a manager saves it, and to the address the socket is about to connect to
 * (DNS can answer differently by then). Addresses are classified by ipaddr.js after the WHATWG URL
 * parser has normalised every spelling ('2130706433', '0x7f.1', '0177.0.0.1', '127.1' → '127.0.0.1').
 */
export interface GatewayHosts {
  /** WHATSAPP_GATEWAY_HOSTS: when set, the only hosts called (private ones included). */
  allowed: GatewayHost[] | undefined;
}

/** The instance-metadata services of the clouds (AWS, ECS, Alibaba, Oracle): never called, even when listed. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254']);

/** Why an address is refused; null when it may be called. */
type Refusal = string | null;

const defaultPort = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** The URL's host without IPv6 brackets: what net.isIP and ipaddr.js read. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

function isListed(url: URL, hosts: GatewayHosts): boolean {
  return (hosts.allowed ?? []).some((host) => host.hostname === url.hostname && (host.port === undefined || host.port === defaultPort(url)));
}

/** IPv4-mapped IPv6 ('::ffff:127.0.0.1') is read as the IPv4 it carries for the metadata check. */
function isMetadata(address: string): boolean {
  return ipaddr.isValid(address) && METADATA_ADDRESSES.has(ipaddr.process(address).toString());
}

/**
 * An address a listed host may use: anything but the metadata services. An unlisted one: only
 * global unicast ('unicast' in ipaddr.js), so no loopback, private, link-local, CGNAT, multicast,
 * unspecified, broadcast, reserved, unique-local, IPv4-mapped, NAT64 or 6to4 address.
 */
function addressRefusal(address: string, listed: boolean): Refusal {
  if (!ipaddr.isValid(address) || isMetadata(address)) return messages.addressNotAllowed;
  if (listed) return null;
  return ipaddr.parse(address).range() === 'unicast' ? null : messages.addressNotAllowed;
}

/** The rule on the URL's text alone: scheme, user-info, the list, and a literal address. */
function textRefusal(url: URL, hosts: GatewayHosts): Refusal {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return messages.invalidUrl;
  if (url.username || url.password) return messages.invalidUrl;
  const listed = isListed(url, hosts);
  if (hosts.allowed && !listed) return messages.hostNotListed;
  const host = bareHost(url);
  if (net.isIP(host)) return addressRefusal(host, listed);
  if (!listed && (host === 'localhost' || host.endsWith('.localhost'))) return messages.addressNotAllowed;
  return null;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * When a manager saves the branch's gateway: the text's rule, then (for a name that is not listed)
 * every address the name resolves to now. Returns the Spanish reason, or null when it may be saved.
 */
export async function serverUrlRefusal(text: string, hosts: GatewayHosts): Promise<Refusal> {
  const url = parseUrl(text);
  if (!url) return messages.invalidUrl;
  const refusal = textRefusal(url, hosts);
  if (refusal || isListed(url, hosts) || net.isIP(bareHost(url))) return refusal;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(bareHost(url), { all: true, verbatim: true });
  } catch {
    return messages.hostNotFound;
  }
  return addresses.map((entry) => addressRefusal(entry.address, false)).find((reason) => reason !== null) ?? null;
}

/** The error a guarded lookup fails with: told apart from a network failure by its code. */
export const ADDRESS_REFUSED = 'ERR_GATEWAY_ADDRESS_REFUSED';

function refusedError(detail: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`gateway address refused: ${detail}`), { code: ADDRESS_REFUSED });
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * The socket's `lookup` for one gateway URL: resolves the name as node would, and fails the
 * connection before it is opened when any address is refused (a name that answers with a public
 * and a private address is refused as a whole, so a retry cannot land on the private one).
 */
function guardedLookup(listed: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = addresses.find((entry) => addressRefusal(entry.address, listed) !== null);
      if (refused) return callback(refusedError(`${hostname} → ${refused.address}`), '');
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(refusedError(`${hostname} → (ninguna)`), '');
      callback(null, first.address, first.family);
    });
  };
}

/**
 * What a connection to `url` needs: a refusal (decided on the text, since a literal address never
 * goes through `lookup`), or the guarded lookup for the socket.
 */
export function connectionGuard(url: URL, hosts: GatewayHosts): { refused: Error } | { lookup: ReturnType<typeof guardedLookup> } {
  const refusal = textRefusal(url, hosts);
  if (refusal) return { refused: refusedError(`${url.host}: ${refusal}`) };
  return { lookup: guardedLookup(isListed(url, hosts)) };
}
