"""Team invitations by email, over SMTP (`TRICHOME_SMTP_URL`), with the standard library.

`smtps://` speaks TLS from the start (port 465 unless given); `smtp://` upgrades with
STARTTLS (port 587 unless given) and refuses to go on without it, except to a loopback
host (a local relay), where it uses STARTTLS when offered. Certificates are verified.
`smtplib` blocks, so a message is sent in a worker thread. Neither the URL's password nor
the link's token is ever logged.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import smtplib
import ssl
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import make_msgid
from urllib.parse import unquote, urlsplit

logger = logging.getLogger(__name__)

SMTP_TIMEOUT = 20.0


class MailNotSent(Exception):
    """The message was not sent; the text says why without any secret, for the page."""


@dataclass(frozen=True, slots=True)
class MailServer:
    """Where and how to send, from `TRICHOME_SMTP_URL`."""

    host: str
    port: int
    implicit_tls: bool
    username: str | None
    password: str | None = field(repr=False)

    @classmethod
    def from_url(cls, url: str) -> MailServer:
        """Parse `smtp://[user:pass@]host[:port]` or `smtps://…`.

        Raises:
            MailNotSent: not such a URL.
        """
        try:
            parts = urlsplit(url)
            port = parts.port
        except ValueError:
            port, parts = None, None
        if parts is None or parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise MailNotSent("TRICHOME_SMTP_URL is not an smtp:// or smtps:// URL")
        implicit_tls = parts.scheme == "smtps"
        return cls(
            host=parts.hostname,
            port=port or (465 if implicit_tls else 587),
            implicit_tls=implicit_tls,
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
        )

    @property
    def is_loopback(self) -> bool:
        """A relay on this machine (no one can listen in between)."""
        if self.host == "localhost":
            return True
        try:
            return ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return False


def invitation_message(
    *, sender: str, to: str, organization: str, role: str, link: str, invited_by: str | None
) -> EmailMessage:
    """The invitation email: who invites, to what, the link and how long it works."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = f"You are invited to {organization} on Trichome"
    message["Message-ID"] = make_msgid(domain="trichome.invalid")
    inviter = f"{invited_by} has" if invited_by else "You have been"
    inviter_verb = "invited you" if invited_by else "invited"
    message.set_content(
        f"{inviter} {inviter_verb} to join {organization} on Trichome as {role}.\n\n"
        f"Open this link to accept (it works once, for 7 days, when you sign in as {to}):\n\n"
        f"{link}\n\n"
        "If you did not expect this invitation, ignore this email.\n"
    )
    return message


def _send_now(server: MailServer, message: EmailMessage, context: ssl.SSLContext) -> None:
    client: smtplib.SMTP
    if server.implicit_tls:
        client = smtplib.SMTP_SSL(server.host, server.port, timeout=SMTP_TIMEOUT, context=context)
    else:
        client = smtplib.SMTP(server.host, server.port, timeout=SMTP_TIMEOUT)
    with client:
        client.ehlo()
        if not server.implicit_tls:
            if client.has_extn("starttls"):
                client.starttls(context=context)
                client.ehlo()
            elif not server.is_loopback:
                raise MailNotSent("the mail server does not offer STARTTLS, so nothing was sent")
        if server.username is not None:
            client.login(server.username, server.password or "")
        client.send_message(message)


def _reason(error: Exception) -> str:
    # smtplib's errors carry the server's reply, never our credentials; still, say it plainly.
    if isinstance(error, MailNotSent):
        return str(error)
    if isinstance(error, smtplib.SMTPAuthenticationError):
        return f"the mail server refused the sign-in ({error.smtp_code})"
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return "the mail server refused the address"
    if isinstance(error, smtplib.SMTPResponseException):
        return f"the mail server answered {error.smtp_code}"
    if isinstance(error, ssl.SSLError):
        return f"the TLS connection to the mail server failed ({error.reason})"
    if isinstance(error, OSError | smtplib.SMTPException):
        return f"the mail server could not be reached ({type(error).__name__})"
    return f"sending failed ({type(error).__name__})"


async def send_mail(smtp_url: str, message: EmailMessage) -> None:
    """Send one message through the configured server.

    Raises:
        MailNotSent: anything went wrong; the message says what, without secrets.
    """
    server = MailServer.from_url(smtp_url)
    context = ssl.create_default_context()
    try:
        await asyncio.to_thread(_send_now, server, message, context)
    except Exception as error:
        reason = _reason(error)
        logger.warning("mail through %s:%d not sent: %s", server.host, server.port, reason)
        raise MailNotSent(reason) from None
