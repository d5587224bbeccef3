import pytest

from trichome.limits.clients import client_address, parse_networks

PROXIES = parse_networks(["10.0.0.0/8", "2001:db8:ffff::/48"])


@pytest.mark.parametrize(
    ("peer", "forwarded", "proxies", "expected"),
    [
        ("203.0.113.9", None, (), "203.0.113.9"),
        # A client cannot name itself someone else: its peer is not a trusted proxy.
        ("203.0.113.9", "198.51.100.7", PROXIES, "203.0.113.9"),
        ("203.0.113.9", "198.51.100.7", (), "203.0.113.9"),
        # A trusted proxy appended the real client on the right.
        ("10.0.0.5", "198.51.100.7", PROXIES, "198.51.100.7"),
        # Entries the client wrote sit left of it and are never reached.
        ("10.0.0.5", "1.2.3.4, 198.51.100.7", PROXIES, "198.51.100.7"),
        # Chains of trusted proxies are walked through.
        ("10.0.0.5", "1.2.3.4, 198.51.100.7, 10.1.1.1", PROXIES, "198.51.100.7"),
        # Garbage stops the walk at the last good address.
        ("10.0.0.5", "198.51.100.7, not-an-ip", PROXIES, "10.0.0.5"),
        ("::ffff:203.0.113.9", None, (), "203.0.113.9"),
        # IPv6 clients are counted per /64.
        ("2001:db8:1:2:3:4:5:6", None, (), "2001:db8:1:2::/64"),
        (None, "198.51.100.7", PROXIES, "unknown"),
        # A proxy that adds its own line (HAProxy) ends the list: every line is read, in order.
        ("10.0.0.5", ["1.2.3.4", "198.51.100.7"], PROXIES, "198.51.100.7"),
        ("10.0.0.5", ["1.2.3.4, 198.51.100.7", "10.1.1.1"], PROXIES, "198.51.100.7"),
        ("10.0.0.5", ["198.51.100.7", "not-an-ip"], PROXIES, "10.0.0.5"),
    ],
)
def test_the_client_is_the_peer_unless_a_trusted_proxy_forwarded_it(
    peer: str | None,
    forwarded: str | list[str] | None,
    proxies: tuple[object, ...],
    expected: str,
) -> None:
    lines = [forwarded] if isinstance(forwarded, str) else forwarded or []
    assert client_address(peer, lines, proxies) == expected  # type: ignore[arg-type]
