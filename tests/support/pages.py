"""Web pages on 127.0.0.1 for the page fetcher's tests: an article, other content types,
redirects, oversized and slow pages, errors; over HTTP or over TLS with a test CA."""

from __future__ import annotations

import contextlib
import datetime
import gzip
import http.server
import ssl
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

ARTICLE_PARAGRAPHS = (
    "Curing is the slow drying that follows harvest. Growers hang whole branches in a dark "
    "room held at about 60 degrees Fahrenheit and 60 percent relative humidity for ten to "
    "fourteen days.",
    "Once the small stems snap rather than bend, the buds are trimmed and sealed in glass "
    "jars. The jars are opened for a few minutes each day during the first two weeks so that "
    "moisture can escape.",
    "A slow cure preserves terpenes, the aromatic compounds that give each cultivar its "
    "smell, and lets chlorophyll break down so the smoke is smoother. Most growers cure for "
    "at least two weeks, and many for a month or longer.",
    "Mould is the main risk: buds jarred too wet can grow botrytis within days, and a batch "
    "that fails a state microbial test cannot be sold.",
)
ARTICLE_TITLE = "Curing cannabis: a grower's guide"
NAVIGATION = "Shop our nutrient line"
FOOTER = "Subscribe to our newsletter for weekly deals"

ARTICLE = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{ARTICLE_TITLE} | Green Ledger</title>
<meta property="og:title" content="{ARTICLE_TITLE}">
</head><body>
<header><nav><ul>
<li><a href="/">Home</a></li><li><a href="/news">Industry news</a></li>
<li><a href="/shop">{NAVIGATION}</a></li>
</ul></nav></header>
<main><article>
<h1>{ARTICLE_TITLE}</h1>
<p>{ARTICLE_PARAGRAPHS[0]}</p>
<p>{ARTICLE_PARAGRAPHS[1]}</p>
<p>{ARTICLE_PARAGRAPHS[2]}</p>
<table><tr><th>Stage</th><th>Temperature</th><th>Humidity</th></tr>
<tr><td>Drying</td><td>60 F</td><td>60 %</td></tr>
<tr><td>Jar cure</td><td>65 F</td><td>62 %</td></tr></table>
<p>{ARTICLE_PARAGRAPHS[3]}</p>
</article></main>
<footer><p>Copyright 2025 Green Ledger Media. All rights reserved.</p>
<p>{FOOTER}.</p></footer>
</body></html>""".encode()

PLAIN = (
    "Colorado retail sales tax on marijuana is 15 percent.\r\n"
    "Local taxes come on top.\r\n\r\n\r\n"
    "The excise tax applies to the first transfer from a cultivator.\r\n"
)
LATIN1_PAGE = (
    "<html><head><title>Crème de la crème</title></head><body><article>"
    "<p>Crème brûlée edibles must carry the universal symbol and a potency label on every "
    "package, as the state's packaging rules require for each serving.</p>"
    "</article></body></html>"
).encode("latin-1")

BIG = 200_000  # above the tests' fetch_max_bytes
SLOW_SECONDS = 5.0  # longer than the tests' fetch_timeout


@dataclass
class Seen:
    """A request the server received."""

    path: str
    headers: dict[str, str]


@dataclass
class PageServer:
    """Where the pages are served, and what was asked of them."""

    port: int
    scheme: str = "http"
    seen: list[Seen] = field(default_factory=list)

    @property
    def origin(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return self.origin + path

    def paths(self) -> list[str]:
        return [request.path for request in self.seen]


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    log: PageServer
    stopping: threading.Event

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # clients hanging up on slow and oversized pages is what the tests do


class _Pages(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        query = {name: values[0] for name, values in parse_qs(parts.query).items()}
        self.server.log.seen.append(Seen(self.path, dict(self.headers.items())))
        route = ROUTES.get(parts.path)
        if route is None:
            self._send(404, b"<html><body><p>Not here.</p></body></html>", "text/html")
        else:
            route(self, query)

    def _send(self, status: int, body: bytes, content_type: str | None, **headers: str) -> None:
        self.send_response(status)
        if content_type is not None:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name.replace("_", "-"), value)
        self.end_headers()
        self.wfile.write(body)

    def _redirect(self, location: str, status: int = 302) -> None:
        self._send(status, b"", "text/html", Location=location)

    # routes

    def article(self, query: dict[str, str]) -> None:
        if "delay" in query:
            self.server.stopping.wait(float(query["delay"]))
        self._send(200, ARTICLE, "text/html; charset=utf-8")

    def with_cookie(self, query: dict[str, str]) -> None:
        self._send(200, ARTICLE, "text/html; charset=utf-8", Set_Cookie="session=abc123; Path=/")

    def plain(self, query: dict[str, str]) -> None:
        self._send(200, PLAIN.encode(), "text/plain; charset=utf-8")

    def latin1(self, query: dict[str, str]) -> None:
        self._send(200, LATIN1_PAGE, 'text/html; charset="ISO-8859-1"')

    def json(self, query: dict[str, str]) -> None:
        self._send(200, b'{"strain": "Blue Dream", "thc": 0.21}', "application/json")

    def pdf(self, query: dict[str, str]) -> None:
        self._send(200, b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "application/pdf")

    def image(self, query: dict[str, str]) -> None:
        self._send(200, b"\x89PNG\r\n\x1a\n" + bytes(64), "image/png")

    def untyped(self, query: dict[str, str]) -> None:
        self._send(200, ARTICLE, None)

    def empty(self, query: dict[str, str]) -> None:
        self._send(200, b"<html><head></head><body></body></html>", "text/html")

    def status(self, query: dict[str, str]) -> None:
        code = int(query.get("code", "500"))
        self._send(code, b"<html><body><p>Something broke.</p></body></html>", "text/html")

    def redirect(self, query: dict[str, str]) -> None:
        self._redirect(query["to"], int(query.get("status", "302")))

    def relative(self, query: dict[str, str]) -> None:
        self._redirect("../article", 301)  # served at /docs/old: leads to /article

    def chain(self, query: dict[str, str]) -> None:
        hops = int(query["hops"])
        if hops == 0:
            self.article(query)
        else:
            self._redirect(f"/chain?hops={hops - 1}", 307)

    def loop(self, query: dict[str, str]) -> None:
        self._redirect("/loop", 302)

    def no_location(self, query: dict[str, str]) -> None:
        self._send(302, b"", "text/html")

    def big(self, query: dict[str, str]) -> None:
        self._send(200, b"<p>" + b"x" * BIG + b"</p>", "text/html")

    def big_chunked(self, query: dict[str, str]) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk = b"<p>" + b"y" * 16_000 + b"</p>"
        for _ in range(BIG // len(chunk) + 2):
            self.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        self.wfile.write(b"0\r\n\r\n")

    def gzip_bomb(self, query: dict[str, str]) -> None:
        body = gzip.compress(b"<p>" + b" " * BIG * 5 + b"</p>")  # about 1 KB on the wire
        self._send(200, body, "text/html", Content_Encoding="gzip")

    def slow(self, query: dict[str, str]) -> None:
        self.server.stopping.wait(SLOW_SECONDS)
        self._send(200, ARTICLE, "text/html")

    def drip(self, query: dict[str, str]) -> None:
        # Each byte is quick (no read timeout), the whole page is not.
        body = b"<p>" + b"z" * 50 + b"</p>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        for byte in body:
            if self.server.stopping.wait(SLOW_SECONDS / len(body)):
                return
            self.wfile.write(bytes([byte]))
            self.wfile.flush()


ROUTES: dict[str, Callable[[_Pages, dict[str, str]], None]] = {
    "/article": _Pages.article,
    "/cookie": _Pages.with_cookie,
    "/plain": _Pages.plain,
    "/latin1": _Pages.latin1,
    "/json": _Pages.json,
    "/pdf": _Pages.pdf,
    "/image": _Pages.image,
    "/untyped": _Pages.untyped,
    "/empty": _Pages.empty,
    "/status": _Pages.status,
    "/redirect": _Pages.redirect,
    "/docs/old": _Pages.relative,
    "/chain": _Pages.chain,
    "/loop": _Pages.loop,
    "/no-location": _Pages.no_location,
    "/big": _Pages.big,
    "/big-chunked": _Pages.big_chunked,
    "/gzip-bomb": _Pages.gzip_bomb,
    "/slow": _Pages.slow,
    "/drip": _Pages.drip,
}


@contextlib.contextmanager
def serve_pages(tls: ssl.SSLContext | None = None) -> Iterator[PageServer]:
    """The pages on a free port of 127.0.0.1 (over TLS with `tls`), until the block ends."""
    server = _Server(("127.0.0.1", 0), _Pages)
    if tls is not None:
        server.socket = tls.wrap_socket(server.socket, server_side=True)
    server.log = PageServer(server.server_address[1], "https" if tls else "http")
    server.stopping = threading.Event()
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield server.log
    finally:
        server.stopping.set()
        server.shutdown()
        server.server_close()
        thread.join()


@dataclass(frozen=True)
class Certificates:
    """A test CA, and a server context whose certificate it signed for `host_names`."""

    client: ssl.SSLContext  # trusts the test CA only
    server: ssl.SSLContext


def make_certificates(*host_names: str) -> Certificates:
    """A fresh CA and a server certificate for `host_names` (DNS names only, no IPs)."""
    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Trichome test CA")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), False)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    leaf = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host_names[0])]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.DNSName(name) for name in host_names]), False
        )
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), False
        )
        .sign(ca_key, hashes.SHA256())
    )
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    with tempfile.TemporaryDirectory() as directory:
        chain = Path(directory, "server.pem")
        chain.write_bytes(
            leaf.public_bytes(serialization.Encoding.PEM)
            + key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )
        server.load_cert_chain(chain)
    client = ssl.create_default_context(cadata=ca.public_bytes(serialization.Encoding.PEM).decode())
    return Certificates(client=client, server=server)
