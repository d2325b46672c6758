/**
 * Whether a host names this machine's loopback interface: `localhost`, an IPv4 address in 127.0.0.0/8, or
 * the IPv6 `::1` (also written in full, in brackets, or as IPv4-mapped `::ffff:127.x.x.x`).
 *
 * Tests, benchmarks and the demo must never contact a real host; the proxy simulators and the demo's
 * health checks use this to refuse anything else. It is strict on purpose: it never resolves a name
 * (a lookup would itself leave the machine), and a spelling a resolver might read differently from how it
 * looks (`0x7f.1`, `2130706433`, a zone id) is not loopback.
 */
export function isLoopbackHost(host: string): boolean {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1);
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (name === 'localhost') return true;
  if (isLoopbackIpv4(name)) return true;
  const groups = ipv6Groups(name);
  if (!groups) return false;
  // ::1
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return true;
  // ::ffff:127.x.x.x (IPv4-mapped): the first octet sits in the high byte of the seventh group.
  return groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff && groups[6]! >> 8 === 127;
}

const OCTET = /^(0|[1-9]\d{0,2})$/;

function ipv4Octets(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => OCTET.test(p))) return null;
  const octets = parts.map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

function isLoopbackIpv4(text: string): boolean {
  return ipv4Octets(text)?.[0] === 127;
}

/** The eight 16-bit groups of an IPv6 literal (with `::` and a dotted IPv4 tail expanded), or null. */
function ipv6Groups(text: string): number[] | null {
  if (!text.includes(':') || text.includes('%')) return null;
  let body = text;
  const tail: number[] = [];
  const lastColon = body.lastIndexOf(':');
  if (body.slice(lastColon + 1).includes('.')) {
    const octets = ipv4Octets(body.slice(lastColon + 1));
    if (!octets) return null;
    tail.push((octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!);
    body = `${body.slice(0, lastColon + 1)}0`; // a placeholder group, dropped below
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const groups = part.split(':');
    if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
    return groups.map((g) => parseInt(g, 16));
  };
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !rest) return null;
  if (tail.length > 0) (rest.length > 0 ? rest : head).pop();
  const written = head.length + rest.length + tail.length;
  if (halves.length === 1 ? written !== 8 : written > 7) return null;
  const zeros = new Array<number>(8 - written).fill(0);
  return [...head, ...zeros, ...rest, ...tail];
}
