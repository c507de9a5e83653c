import { HTTP_METHODS, type AnyEndpoint, type HttpMethod } from '@cuota/contracts/http/endpoint';
import { PATH_PARAM_PATTERN } from '@cuota/contracts/http/route-path';

/** What a matcher tells apart: a definition, or anything else with a method and a path. */
type Routable = Pick<AnyEndpoint, 'method' | 'path'>;

export type EndpointMatch<E extends Routable = AnyEndpoint> =
  | { kind: 'endpoint'; endpoint: E; params: Record<string, string> }
  /** The path exists, but not for this method. */
  | { kind: 'method-not-allowed'; allowed: HttpMethod[] }
  | { kind: 'none' };

interface Compiled<E> {
  endpoint: E;
  /** Its place in the order of preference: fewer parameters first. */
  rank: number;
  /** Parameter name by segment index. */
  names: Map<number, string>;
}

/** One segment position of the templates: literal segments by text, then any parameter. */
interface SegmentNode<E> {
  literal: Map<string, SegmentNode<E>>;
  param?: SegmentNode<E>;
  /** Templates that end at this node. */
  ending: Compiled<E>[];
}

const PARAM_SEGMENT = new RegExp(`^${PATH_PARAM_PATTERN}$`);
const placeholder = (segment: string) => /^\{(.+)\}$/.exec(segment)?.[1];
const emptyNode = <E>(): SegmentNode<E> => ({ literal: new Map(), ending: [] });

/**
 * Finds the endpoint a request is for. A literal segment beats a parameter
 * (`/guardians/me/` before `/guardians/{id}/`); HEAD is matched as GET. The templates are
 * built once into a tree of segments, so a request walks its own segments (one map look-up
 * each) instead of testing every definition's pattern.
 */
export function createEndpointMatcher<E extends Routable>(endpoints: readonly E[]) {
  const root = emptyNode<E>();
  // Fewer parameters first: the more literal template wins when two match.
  const ordered = endpoints
    .map((endpoint) => ({ endpoint, segments: endpoint.path.split('/') }))
    .sort((a, b) => paramCount(a.segments) - paramCount(b.segments));
  ordered.forEach(({ endpoint, segments }, rank) => {
    const names = new Map<number, string>();
    let node = root;
    segments.forEach((segment, i) => {
      const name = placeholder(segment);
      if (name) names.set(i, name);
      node = name ? (node.param ??= emptyNode()) : child(node.literal, segment);
    });
    node.ending.push({ endpoint, rank, names });
  });

  return (method: string, pathname: string): EndpointMatch<E> => {
    const segments = pathname.split('/');
    const onPath = collect(root, segments, 0, []).sort((a, b) => a.rank - b.rank);
    if (!onPath.length) return { kind: 'none' };
    const wanted = method === 'HEAD' ? 'GET' : method;
    const found = onPath.find((c) => c.endpoint.method === wanted);
    if (!found) {
      const allowed = HTTP_METHODS.filter((m) => onPath.some((c) => c.endpoint.method === m));
      return { kind: 'method-not-allowed', allowed };
    }
    const params: Record<string, string> = {};
    // The parameter pattern admits no '%', so there is nothing to decode.
    for (const [i, name] of found.names) params[name] = segments[i]!;
    return { kind: 'endpoint', endpoint: found.endpoint, params };
  };
}

const paramCount = (segments: string[]) => segments.filter((s) => placeholder(s)).length;

function child<E>(children: Map<string, SegmentNode<E>>, segment: string): SegmentNode<E> {
  let node = children.get(segment);
  if (!node) children.set(segment, (node = emptyNode()));
  return node;
}

/** Every template the path fits: through literal segments and parameters alike. */
function collect<E>(
  node: SegmentNode<E>,
  segments: string[],
  i: number,
  into: Compiled<E>[],
): Compiled<E>[] {
  if (i === segments.length) {
    into.push(...node.ending);
    return into;
  }
  const segment = segments[i]!;
  const literal = node.literal.get(segment);
  if (literal) collect(literal, segments, i + 1, into);
  if (node.param && PARAM_SEGMENT.test(segment)) collect(node.param, segments, i + 1, into);
  return into;
}
