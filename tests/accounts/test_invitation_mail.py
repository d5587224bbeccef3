"""Invitation emails through a real SMTP server: plain to a loopback relay, STARTTLS and
implicit TLS with a password, and the refusals."""

from __future__ import annotations

import socket
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.support.smtp import PASSWORD, USER, Security, smtp_server
from trichome.accounts.invitation_mail import (
    MailNotSent,
    MailServer,
    invitation_message,
    send_mail,
)

pytestmark = pytest.mark.anyio

LINK = "http://127.0.0.1:8003/invitations/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG"


def message(to: str = "dana@example.com") -> EmailMessage:
    return invitation_message(
        sender="Trichome <team@example.test>", to=to, organization="Crew", role="member",
        link=LINK, invited_by="owner@example.com",
    )  # fmt: skip


@pytest.fixture
def trust_test_ca(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The client trusts the test CA (as it would a real one), through OpenSSL's variable."""
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "ca.pem"))
    return tmp_path


async def test_a_loopback_relay_without_tls_gets_the_message() -> None:
    with smtp_server("plain") as server:
        await send_mail(server.url, message())
    [received] = server.messages
    assert received["To"] == "dana@example.com" and received["Subject"].endswith("on Trichome")
    body = received.get_content()
    assert "owner@example.com has invited you to join Crew on Trichome as member." in body
    assert LINK in body and "sign in as dana@example.com" in body


@pytest.mark.parametrize("security", ["starttls", "smtps"])
async def test_tls_and_a_password(trust_test_ca: Path, security: Security) -> None:
    with smtp_server(security, directory=trust_test_ca) as server:
        await send_mail(server.url, message())
    assert server.inbox.logins == [USER] and len(server.messages) == 1


async def test_a_wrong_password_is_reported_without_it(trust_test_ca: Path) -> None:
    with smtp_server("starttls", directory=trust_test_ca) as server:
        wrong = server.url.replace("p%40ss%20word", "guess")
        with pytest.raises(MailNotSent, match="refused the sign-in") as refused:
            await send_mail(wrong, message())
    assert "guess" not in str(refused.value) and server.messages == []


async def test_an_untrusted_certificate_is_refused(tmp_path: Path) -> None:
    with (
        smtp_server("starttls", directory=tmp_path) as server,  # the CA is not trusted
        pytest.raises(MailNotSent, match="TLS"),
    ):
        await send_mail(server.url, message())
    assert server.messages == []


def _non_loopback_address() -> str | None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent; this picks the interface
        except OSError:
            return None
        address = str(probe.getsockname()[0])
    return None if address.startswith("127.") else address


async def test_no_starttls_means_no_mail_to_a_remote_server() -> None:
    address = _non_loopback_address()
    if address is None:
        pytest.skip("this machine has no non-loopback IPv4 address")
    with (
        smtp_server("plain", host=address) as server,
        pytest.raises(MailNotSent, match="does not offer STARTTLS"),
    ):
        await send_mail(server.url.replace("smtp://", f"smtp://{USER}:x@"), message())
    assert server.messages == []


def test_smtp_urls() -> None:
    assert MailServer.from_url("smtp://mail.example.com") == MailServer(
        "mail.example.com", 587, False, None, None
    )
    secure = MailServer.from_url("smtps://a%40b:p%3Ass@mail.example.com")
    assert (secure.port, secure.implicit_tls, secure.username, secure.password) == (
        465, True, "a@b", "p:ss",
    )  # fmt: skip
    assert PASSWORD not in repr(MailServer.from_url(f"smtp://u:{PASSWORD}@h"))
    for bad in ("http://mail.example.com", "smtp://", "smtp://h:notaport"):
        with pytest.raises(MailNotSent, match="not an smtp"):
            MailServer.from_url(bad)
