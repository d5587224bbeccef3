"""Which addresses the page fetcher may connect to: public ones, and in tests an allow-list.

`ipaddress`'s `is_global` alone is not enough (Python 3.11 calls multicast, site-local and
NAT64 addresses global), so the checks below add explicit denies, and addresses that carry an
IPv4 address inside an IPv6 one are judged by the IPv4 address they lead to.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Iterable

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

_DENIED_V4 = tuple(
    ipaddress.IPv4Network(network)
    for network in (
        "0.0.0.0/8",  # "this network"; 0.0.0.0 reaches the local host on Linux
        "10.0.0.0/8",
        "100.64.0.0/10",  # carrier-grade NAT
        "127.0.0.0/8",
        "169.254.0.0/16",  # link-local, home of the cloud metadata services
        "172.16.0.0/12",
        "192.0.0.0/24",  # IETF protocol assignments
        "192.0.2.0/24",
        "192.88.99.0/24",  # the retired 6to4 relay anycast
        "192.168.0.0/16",
        "198.18.0.0/15",  # benchmarking
        "198.51.100.0/24",
        "203.0.113.0/24",
        "224.0.0.0/4",  # multicast
        "240.0.0.0/4",  # reserved, and the broadcast address
    )
)
_DENIED_V6 = tuple(
    ipaddress.IPv6Network(network)
    for network in (
        "::/8",  # unspecified, loopback, IPv4-compatible and other reserved forms
        "64:ff9b:1::/48",  # local-use NAT64
        "100::/64",  # discard
        "2001::/32",  # Teredo: the client address inside is obfuscated, so unknowable
        "2001:db8::/32",
        "fc00::/7",  # unique local
        "fe80::/10",  # link-local
        "fec0::/10",  # the deprecated site-local
        "ff00::/8",  # multicast
    )
)
_IPV4_MAPPED = ipaddress.IPv6Network("::ffff:0:0/96")
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
_SIX_TO_FOUR = ipaddress.IPv6Network("2002::/16")

# Characters a host name may have once httpx has IDNA-encoded it (underscores do occur).
_HOST_NAME = re.compile(r"[a-z0-9_.-]+")
_NUMERIC_IPV4 = re.compile(r"[0-9a-fx.]+")


class NonStandardAddress(ValueError):
    """A host written as an IPv4 address in a legacy form (decimal, octal, hex or short)."""


def embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv4-mapped, NAT64 or 6to4 address leads to, if it is one."""
    if address in _IPV4_MAPPED:
        return address.ipv4_mapped
    if address in _NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address in _SIX_TO_FOUR:
        return address.sixtofour
    return None


def is_public(address: IPAddress) -> bool:
    """Whether `address` is on the public internet (neither private, local nor special)."""
    if isinstance(address, ipaddress.IPv6Address):
        inner = embedded_ipv4(address)
        if inner is not None:
            return is_public(inner)
        denied: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = _DENIED_V6
    else:
        denied = _DENIED_V4
    if any(address in network for network in denied):
        return False
    return address.is_global and not (
        address.is_multicast
        or address.is_reserved
        or address.is_unspecified
        or address.is_loopback
        or address.is_link_local
        or address.is_private
    )


def parse_address(text: str) -> IPAddress | None:
    """An address as a resolver gives it (an IPv6 zone like `%eth0` dropped), or None."""
    try:
        return ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None


def parse_allowlist(entries: Iterable[str]) -> frozenset[tuple[IPAddress, int]]:
    """The `(address, port)` pairs of `fetch_test_allowlist` entries like `127.0.0.1:8080`."""
    pairs = set()
    for entry in entries:
        host, _, port = entry.rpartition(":")
        pairs.add((ipaddress.ip_address(host.strip("[]")), int(port)))
    return frozenset(pairs)


def host_address(host: str) -> IPAddress | None:
    """The address an IP-literal host names, or None for a host name.

    `host` is httpx's ASCII form: lower case, IDNA-encoded, an IPv6 address without brackets.

    Raises:
        NonStandardAddress: an IPv4 address written as `2130706433`, `0x7f.1`, `127.1` and
            the like, which resolvers accept but which is never a real site's address.
        ValueError: not a valid host at all (an IPv6 zone, percent signs, spaces).
    """
    if ":" in host:
        return ipaddress.IPv6Address(host)  # a zone (`fe80::1%25eth0`) raises ValueError
    if not _HOST_NAME.fullmatch(host):
        raise ValueError(f"invalid host name {host!r}")
    try:
        return ipaddress.IPv4Address(host)
    except ValueError:
        pass
    bare = host.removesuffix(".")
    if _NUMERIC_IPV4.fullmatch(bare):
        try:
            packed = socket.inet_aton(bare)
        except OSError:
            return None
        raise NonStandardAddress(f"{host} is {ipaddress.IPv4Address(packed)} in another form")
    return None
