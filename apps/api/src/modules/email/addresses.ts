/*
 * Which addresses can receive mail. Domains reserved for examples and tests (RFC 2606, RFC 6761)
 * and the local-only ones (.local is mDNS, RFC 6762; localhost; a name without a dot) never reach
 * anybody outside this machine.
 */

/** Reserved for examples: the demo's people live here, and nothing is ever queued to them. */
const exampleDomain = /@(?:[^@]+\.)?(?:example\.(?:com|net|org)|example|invalid)$/i;
/** Reachable from nowhere else: fine for a test's receiver, useless as an address to answer to. */
const localDomain = /@(?:(?:[^@]+\.)?(?:test|local|localhost|internal)|[^@.]+)$/i;

export function isExampleAddress(address: string): boolean {
  return exampleDomain.test(address.trim());
}

/** The bare address of a From value: 'Portal de Pólizas <avisos@empresa.mx>' → 'avisos@empresa.mx'. */
function bareAddress(from: string): string {
  return (/<([^<>]+)>/.exec(from)?.[1] ?? from).trim();
}

/** An address somebody elsewhere can write to: not reserved for examples, not local-only. */
function isReachableAddress(address: string): boolean {
  const bare = bareAddress(address);
  return /^[^@\s]+@[^@\s]+$/.test(bare) && !isExampleAddress(bare) && !localDomain.test(bare);
}

/**
 * Where an answer to the portal's e-mail should go (issue 29): the first of `candidates` (the
 * branch's address, then MAIL_FROM's) that someone can receive at; null when none can, and then
 * the e-mail asks for no answer.
 */
export function replyAddress(...candidates: string[]): string | null {
  const reachable = candidates.find(isReachableAddress);
  return reachable ? bareAddress(reachable) : null;
}
