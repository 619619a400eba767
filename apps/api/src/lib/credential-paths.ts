/** What a credential is logged as. */
const hidden = '[oculto]';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The request, as the log line's serializer sees it: the URL sent and the route it matched (if any). */
export interface LoggedRequest {
  url: string;
  routeOptions?: { url?: string; config?: { credentialParam?: string } };
}

/**
 * The URLs that carry a credential in their path (a link's token, a web form's key, a calendar
 * feed's file): every route that names its `credentialParam` and every public page (see
 * plugins/public-routes.ts, which adds them as they are registered). The request's log line shows
 * them with the credential as [oculto], so a log never opens a link.
 */
export class CredentialPaths {
  /** What comes right before a credential (`/api/public/links/`), as a pattern, by its source. */
  private readonly before = new Map<string, RegExp>();

  /** Adds a route's or page's path pattern (`/api/public/links/:token/signing`) and its credential's parameter. */
  add(pattern: string, param: string): void {
    const segments = pattern.split('/');
    const at = segments.indexOf(`:${param}`);
    if (at < 0) throw new Error(`${pattern}: its credential :${param} must be a whole path segment`);
    const source = segments
      .slice(0, at)
      .map((segment) => (segment.startsWith(':') ? '[^/?#]+' : escapeRegExp(segment)))
      .join('/');
    this.before.set(source, new RegExp(`(${source}/)[^/?#]+`));
  }

  /**
   * The URL as logged. A route with a credential is written from its pattern, the credential
   * hidden: the router decodes %-escapes, so `/api/appo/%66eed/{file}` is the feed too and no text
   * search would find it. Any other URL (a page, a 404), and the query of any (a link passed on),
   * is searched for what comes before a credential.
   */
  masked(request: LoggedRequest): string {
    const route = request.routeOptions;
    const param = route?.config?.credentialParam;
    if (!route?.url || !param) return this.searched(request.url);
    const queryAt = request.url.indexOf('?');
    if (queryAt < 0) return fromPattern(request.url, route.url, param);
    return fromPattern(request.url.slice(0, queryAt), route.url, param) + this.searched(request.url.slice(queryAt));
  }

  private searched(text: string): string {
    let masked = text;
    for (const pattern of this.before.values()) masked = masked.replace(pattern, `$1${hidden}`);
    return masked;
  }
}

/** The route's pattern with its other parameters as sent and the credential hidden. */
function fromPattern(path: string, pattern: string, param: string): string {
  const sent = path.split('/');
  const declared = pattern.split('/');
  // A URL the router matched with another number of segments keeps the parameters' names: nothing sent is copied.
  const sameShape = sent.length === declared.length;
  return declared
    .map((segment, index) => {
      if (segment === `:${param}`) return hidden;
      return segment.startsWith(':') && sameShape ? sent[index] : segment;
    })
    .join('/');
}
