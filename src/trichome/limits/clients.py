"""Who the client is: the socket's peer, or the address a trusted proxy says it forwarded."""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
# IPv6 users get a /64 each; keying limits by single addresses would let one rotate freely.
IPV6_CLIENT_PREFIX = 64


def parse_networks(entries: Sequence[str]) -> tuple[IPNetwork, ...]:
    """Trusted proxy ranges from their text form."""
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in entries)


def _address(text: str) -> IPAddress | None:
    try:
        address = ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _trusted(address: IPAddress, proxies: Sequence[IPNetwork]) -> bool:
    return any(address.version == network.version and address in network for network in proxies)


def client_address(
    peer: str | None, forwarded_for: Sequence[str], proxies: Sequence[IPNetwork]
) -> str:
    """The client's address for limits.

    The peer is the client unless it is a trusted proxy; then `X-Forwarded-For` is read
    from the right, skipping trusted proxies, and the first other address is the client.
    Entries a client wrote itself sit further left and are never reached. `forwarded_for`
    holds every `X-Forwarded-For` line in the order received: a proxy that adds a line of
    its own (HAProxy does) instead of appending to the last one still ends the list
    (RFC 9110, 5.3: several lines of a list header are one comma-separated list).
    """
    address = _address(peer) if peer else None
    if address is None:
        return "unknown"
    hops = [hop for line in forwarded_for for hop in line.split(",")]
    if hops and _trusted(address, proxies):
        for hop in reversed(hops):
            forwarded = _address(hop)
            if forwarded is None:
                break  # garbage in the chain: trust nothing further left
            address = forwarded
            if not _trusted(forwarded, proxies):
                break
    if isinstance(address, ipaddress.IPv6Address):
        return str(ipaddress.ip_network(f"{address}/{IPV6_CLIENT_PREFIX}", strict=False))
    return str(address)
