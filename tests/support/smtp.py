"""A real SMTP server on loopback (aiosmtpd) for the invitation emails: plain, STARTTLS or
implicit TLS, with a password, and a test certificate authority the client is told to trust."""

from __future__ import annotations

import contextlib
import ipaddress
import ssl
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from pathlib import Path
from typing import Any, Literal

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from tests.support.servers import free_port

USER, PASSWORD = "mailer", "p@ss word"
Security = Literal["plain", "starttls", "smtps"]


@dataclass
class Inbox:
    """What the server received, and who signed in."""

    messages: list[EmailMessage] = field(default_factory=list)
    logins: list[str] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = message_from_bytes(envelope.content, policy=default)
        assert isinstance(parsed, EmailMessage)
        self.messages.append(parsed)
        return "250 Message accepted"

    def authenticate(
        self, server: Any, session: Any, envelope: Any, mechanism: str, auth_data: Any
    ) -> AuthResult:
        ok = isinstance(auth_data, LoginPassword) and (auth_data.login, auth_data.password) == (
            USER.encode(),
            PASSWORD.encode(),
        )
        if ok:
            self.logins.append(USER)
        return AuthResult(success=ok, handled=False)


@dataclass
class SmtpServer:
    """A running server: its `TRICHOME_SMTP_URL` and its inbox."""

    url: str
    inbox: Inbox

    @property
    def messages(self) -> list[EmailMessage]:
        return self.inbox.messages


def _certificate(
    subject: x509.Name, issuer: x509.Name, key: Any, signer: Any, *, ca: bool
) -> x509.Certificate:
    now = datetime.now(UTC)
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(minutes=5))
        .not_valid_after(now + timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
    )
    if ca:
        builder = builder.add_extension(
            x509.KeyUsage(True, False, False, False, False, True, True, False, False), critical=True
        )
    else:
        builder = builder.add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        ).add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(signer.public_key()), critical=False
        )
    return builder.sign(signer, hashes.SHA256())


def make_certificates(directory: Path) -> tuple[Path, ssl.SSLContext]:
    """A test CA (its PEM file, for SSL_CERT_FILE) and a server context for 127.0.0.1."""
    ca_key, server_key = (
        ec.generate_private_key(ec.SECP256R1()),
        ec.generate_private_key(ec.SECP256R1()),
    )
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Trichome test CA")])
    server_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    ca = _certificate(ca_name, ca_name, ca_key, ca_key, ca=True)
    server = _certificate(server_name, ca_name, server_key, ca_key, ca=False)
    ca_file, chain_file, key_file = (
        directory / name for name in ("ca.pem", "chain.pem", "key.pem")
    )
    ca_file.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    chain_file.write_bytes(server.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        server_key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(chain_file, key_file)
    return ca_file, context


@contextlib.contextmanager
def smtp_server(
    security: Security = "plain", *, directory: Path | None = None, host: str = "127.0.0.1"
) -> Iterator[SmtpServer]:
    """An SMTP server on `host`; with TLS, the client must trust `directory`/ca.pem."""
    inbox = Inbox()
    port = free_port()
    options: dict[str, Any] = {}
    user = ""
    if security != "plain":
        assert directory is not None, "TLS needs a directory for the test certificates"
        _, context = make_certificates(directory)
        user = f"{USER}:{PASSWORD.replace('@', '%40').replace(' ', '%20')}@"
        options["authenticator"] = inbox.authenticate
        if security == "starttls":
            options.update(tls_context=context, require_starttls=True, auth_required=True)
        else:
            options.update(ssl_context=context, auth_require_tls=False)
    controller = Controller(inbox, hostname=host, port=port, server_hostname="mail.test", **options)
    controller.start()
    try:
        scheme = "smtps" if security == "smtps" else "smtp"
        yield SmtpServer(f"{scheme}://{user}{host}:{port}", inbox)
    finally:
        controller.stop()
