import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a per-IP rate limit counts a client under. An IPv4 address is one client. An IPv6
 * address is not: a provider hands every connection a whole /64 (RFC 6177), and a client picks a
 * new address from it at will, so counting addresses would give one script 2^64 allowances. The
 * /64 is the client. An IPv4 address in IPv6 form (`::ffff:203.0.113.7`, a dual-stack socket)
 * counts as the IPv4 address it is.
 */
export function rateLimitClientKey(ip: string) {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(ip: string) {
  const address = ip.split("%")[0]!;
  const [head, tail] = address.split("::") as [string, string | undefined];
  const groupsOf = (part: string | undefined) =>
    (part ? part.split(":") : []).flatMap((group) => (group.includes(".") ? ipv4AsGroups(group) : [group]));
  const front = groupsOf(head);
  const back = groupsOf(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - front.length - back.length).fill("0");
  return [...front, ...zeros, ...back].map((group) => parseInt(group, 16).toString(16));
}

/** An embedded IPv4 tail (`::1.2.3.4`) as the two groups it stands for. */
function ipv4AsGroups(ipv4: string) {
  const [a, b, c, d] = ipv4.split(".").map(Number) as [number, number, number, number];
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
