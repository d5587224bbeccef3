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
    peer: str | None, forwarded_for: str | None, proxies: Sequence[IPNetwork]
) -> str:
    """The client's address for limits.

    The peer is the client unless it is a trusted proxy; then `X-Forwarded-For` is read
    from the right, skipping trusted proxies, and the first other address is the client.
    Entries a client wrote itself sit further left and are never reached.
    """
    address = _address(peer) if peer else None
    if address is None:
        return "unknown"
    if forwarded_for and _trusted(address, proxies):
        for hop in reversed(forwarded_for.split(",")):
            forwarded = _address(hop)
            if forwarded is None:
                break  # garbage in the chain: trust nothing further left
            address = forwarded
            if not _trusted(forwarded, proxies):
                break
    if isinstance(address, ipaddress.IPv6Address):
        return str(ipaddress.ip_network(f"{address}/{IPV6_CLIENT_PREFIX}", strict=False))
    return str(address)
