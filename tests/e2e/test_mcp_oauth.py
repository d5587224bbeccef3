"""MCP clients connect to the tool server with only its URL and sign in through the
dashboard (OAuth 2.1), end to end.

Real servers run as processes (the seeded sandbox, `trichome serve toolserver` and
`trichome serve dashboard`, each knowing the others' addresses); real clients connect with
nothing but the MCP URL: the MCP Python SDK's `OAuthClientProvider`, the MCP TypeScript
SDK's auth provider (`tests/e2e/clients`) and the MCP Inspector CLI. The user's
browser step, signing in and consenting, is done over HTTP by `Browser` with a session
from `trichome dashboard login-link`; the clients read the code from the redirect as they
would from their callback listener.
"""

from __future__ import annotations

import contextlib
import http.server
import json
import os
import queue
import re
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import anyio
import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.auth import AuthorizationCodeResult, OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import OAuthClientInformationFull, OAuthClientMetadata, OAuthToken
from pydantic import AnyUrl

from tests.conftest import require_service
from tests.support.oauth import Pkce, authorization_url, page_form
from tests.support.sandbox import DISPENSARY, seeded_database
from tests.support.servers import create_key, free_port, running, trichome, trichome_env

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

ORGANIZATION = "Grower Co"


@dataclass(frozen=True)
class Servers:
    """The running servers and the environment of the `trichome` command beside them."""

    tools: str
    dashboard: str
    env: dict[str, str]
    data: Path

    @property
    def mcp(self) -> str:
        return f"{self.tools}/api/mcp"

    def login_link(self) -> str:
        """A one-time sign-in link for the owner of the organisation."""
        result = trichome("dashboard", "login-link", "--org", ORGANIZATION, env=self.env)
        return result.stdout.strip()


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    data = tmp_path_factory.mktemp("mcp-oauth")
    seeded_database(data, tmp_path_factory.getbasetemp() / "sandbox-template")
    sandbox_port, tools_port, dashboard_port = free_port(), free_port(), free_port()
    sandbox = f"http://127.0.0.1:{sandbox_port}"
    tools = f"http://127.0.0.1:{tools_port}"
    dashboard = f"http://127.0.0.1:{dashboard_port}"
    env = trichome_env(
        data,
        metrc_base_url=sandbox,
        toolserver_port=str(tools_port),
        dashboard_port=str(dashboard_port),
    )
    trichome("migrate", env=env)
    create_key(env, "operator", ORGANIZATION)
    # Clients that connect by URL send no Metrc keys: the organisation's stored ones serve.
    keys = {"TRICHOME_METRC_VENDOR_KEY": "sandbox-vendor-key",
            "TRICHOME_METRC_USER_KEY": "sandbox-user-key"}  # fmt: skip
    trichome("metrc", "connect", "--org", ORGANIZATION, env={**env, **keys})
    with (
        running(["serve", "sandbox", "--port", str(sandbox_port)], env,
                f"{sandbox}/api/health", data / "sandbox.log"),
        running(["serve", "toolserver", "--port", str(tools_port)], env,
                f"{tools}/api/health", data / "toolserver.log"),
        running(["serve", "dashboard", "--port", str(dashboard_port)], env,
                f"{dashboard}/api/health", data / "dashboard.log"),
    ):  # fmt: skip
        yield Servers(tools, dashboard, env, data)


@dataclass
class Browser:
    """The user's browser, over HTTP: opens the authorization URL, signs in with a login
    link when asked (and comes back), and allows the client on the consent page."""

    servers: Servers
    http: httpx.Client = field(default_factory=lambda: httpx.Client(timeout=30))
    signed_in: int = 0
    # A login link made ahead, when the client is waiting with a timeout of its own.
    prepared_link: str | None = None

    def authorize(self, url: str, *, allow_write: bool = True) -> str:
        """Where the dashboard sends the browser back to the client (with the code)."""
        assert url.startswith(f"{self.servers.dashboard}/oauth/authorize?"), url
        page = self.http.get(url)
        if "Sign in to connect" in page.text:
            link, self.prepared_link = self.prepared_link or self.servers.login_link(), None
            back = self.http.get(link)
            assert back.status_code == 303, back.text
            page = self.http.get(self.servers.dashboard + back.headers["location"])
            self.signed_in += 1
        assert page.status_code == 200 and "<h1>Connect " in page.text, page.text[:1000]
        fields = {**page_form(page.text).fields, "decision": "allow"}
        if not allow_write:
            fields.pop("allow_write", None)
        answer = self.http.post(f"{self.servers.dashboard}/oauth/authorize", data=fields)
        assert answer.status_code == 303, answer.text[:1000]
        return str(answer.headers["location"])

    def sign_in(self) -> None:
        """Sign in with a login link (to look at the dashboard's pages)."""
        assert self.http.get(self.servers.login_link()).status_code == 303
        self.signed_in += 1

    def page(self, path: str) -> str:
        """A dashboard page, in this browser's session."""
        return self.http.get(self.servers.dashboard + path).text


@pytest.fixture
def browser(servers: Servers) -> Iterator[Browser]:
    """A browser with no session yet."""
    opened = Browser(servers)
    with opened.http:
        yield opened


def query(url: str) -> dict[str, str]:
    """The query parameters of a URL."""
    return {name: values[0] for name, values in parse_qs(urlsplit(url).query).items()}


class MemoryStorage:
    """The Python SDK's token storage, in memory."""

    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client = client_info


def python_sdk_provider(
    servers: Servers, browser: Browser, storage: MemoryStorage, redirects: list[str]
) -> OAuthClientProvider:
    """The SDK's OAuth provider, whose "browser" is `browser` and whose callback listener
    reads the code from the redirect the browser was sent."""

    async def open_browser(url: str) -> None:
        redirects.append(await anyio.to_thread.run_sync(browser.authorize, url))

    async def callback() -> AuthorizationCodeResult:
        params = query(redirects[-1])
        return AuthorizationCodeResult(
            code=params["code"], state=params["state"], iss=params["iss"]
        )

    metadata = OAuthClientMetadata(
        client_name="MCP Python SDK e2e",
        redirect_uris=[AnyUrl("http://127.0.0.1:33418/callback")],
        grant_types=["authorization_code", "refresh_token"],
        token_endpoint_auth_method="none",
    )
    return OAuthClientProvider(servers.mcp, metadata, storage, open_browser, callback)


async def list_and_call(servers: Servers, provider: OAuthClientProvider) -> tuple[int, str]:
    """Connect with only the URL; how many tools are listed, and `list_facilities`' text."""
    async with (
        httpx2.AsyncClient(auth=provider, timeout=60) as http,
        Client(streamable_http_client(servers.mcp, http_client=http)) as client,
    ):
        tools = (await client.list_tools()).tools
        facilities = await client.call_tool("list_facilities", {})
    assert not facilities.is_error
    return len(tools), " ".join(getattr(block, "text", "") for block in facilities.content)


@pytest.mark.compat("MCP Python SDK", "HTTP with OAuth")
async def test_the_python_sdk_signs_in_lists_and_calls_tools_with_only_the_url(
    servers: Servers, browser: Browser
) -> None:
    storage = MemoryStorage()
    redirects: list[str] = []
    provider = python_sdk_provider(servers, browser, storage, redirects)
    count, facilities = await list_and_call(servers, provider)
    assert count >= 77 and DISPENSARY in facilities
    assert len(redirects) == 1 and browser.signed_in == 1  # signed in, came back, consented
    assert storage.client is not None and storage.client.client_id.startswith("mcpc_")
    first = storage.tokens
    assert first is not None and first.refresh_token and first.scope == "tools:read tools:write"

    # The access token runs out: the SDK refreshes (rotation) without a new sign-in.
    provider.context.token_expiry_time = time.time() - 1
    count_again, _ = await list_and_call(servers, provider)
    second = storage.tokens
    assert count_again == count and len(redirects) == 1
    assert second is not None and second.refresh_token != first.refresh_token

    # The replaced refresh token is presented again (a leaked copy): the family is revoked.
    async with httpx.AsyncClient(base_url=servers.dashboard) as http:
        reused = await http.post(
            "/oauth/token",
            data={"grant_type": "refresh_token", "refresh_token": first.refresh_token,
                  "client_id": storage.client.client_id},
        )  # fmt: skip
        assert reused.status_code == 400 and reused.json()["error"] == "invalid_grant"
        refused = await http.post(
            servers.mcp,
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={"Authorization": f"Bearer {second.access_token}",
                     "Accept": "application/json, text/event-stream"},
        )  # fmt: skip
    assert refused.status_code == 401
    assert 'error="invalid_token"' in refused.headers["www-authenticate"]
    page = browser.page("/connections")
    assert "MCP Python SDK e2e" in page and "a refresh token was used twice" in page


TYPESCRIPT = Path(__file__).parent / "clients"
INSPECTOR = Path(__file__).parent / "inspector" / "node_modules" / ".bin" / "mcp-inspector"


def require_npm_project(path: Path, what: str) -> None:
    """Skip when an npm project of the tests is not installed (fail under CI=true)."""
    if path.exists():
        return
    reason = f"{what} is not installed (make test installs it with npm)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.mark.compat("MCP TypeScript SDK", "HTTP with OAuth")
def test_the_typescript_sdk_signs_in_lists_and_calls_tools_with_only_the_url(
    servers: Servers, browser: Browser
) -> None:
    require_npm_project(TYPESCRIPT / "node_modules" / "@modelcontextprotocol" / "sdk",
                        "the MCP TypeScript SDK")  # fmt: skip
    done = subprocess.run(
        [str(TYPESCRIPT / "node_modules" / ".bin" / "node"), str(TYPESCRIPT / "oauth_client.mjs")],
        env={**os.environ, "MCP_URL": servers.mcp, "LOGIN_LINK": servers.login_link()},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    seen: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    asked = query(seen["authorization_url"])
    assert asked["code_challenge_method"] == "S256"
    assert asked["resource"] == servers.mcp  # RFC 8707, from the protected-resource metadata
    back = query(seen["callback"])
    assert back["iss"] == servers.dashboard and back["code"].startswith("mcp_code_")
    assert seen["client_id"].startswith("mcpc_") and seen["has_refresh_token"]
    assert seen["scope"] == "tools:read tools:write"
    assert seen["tools"] >= 77 and not seen["read_only"]
    assert not seen["facilities_error"] and DISPENSARY in seen["facilities"]
    browser.sign_in()
    assert "MCP TypeScript SDK e2e" in browser.page("/connections")


class SignInPrompt:
    """Reads a CLI's stderr to its end, catching the URL it asks the user to open
    ("Please navigate to: …")."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self._process = process
        self._found: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self._process.stderr is not None
        for line in self._process.stderr:
            match = re.search(r"(http://\S+/oauth/authorize\?\S+)", line)
            if match:
                self._found.put(match.group(1))
        self._found.put(None)  # the stream ended

    def url(self, timeout: float = 60) -> str:
        """The authorization URL, once the CLI printed it."""
        try:
            url = self._found.get(timeout=timeout)
        except queue.Empty:
            url = None
        assert url is not None, "the CLI did not ask for a sign-in"
        return url

    def finish(self) -> None:
        """Wait for the end of stderr (the process has exited)."""
        self._reader.join(timeout=30)


@pytest.mark.compat("MCP Inspector", "HTTP with OAuth")
def test_the_inspector_cli_signs_in_then_reuses_its_stored_tokens(
    servers: Servers, browser: Browser, tmp_path: Path
) -> None:
    require_npm_project(INSPECTOR, "the MCP Inspector")
    env = {
        **os.environ,
        "HOME": str(tmp_path),  # its catalogue and OAuth state
        "MCP_INSPECTOR_SECRET_STORE": "file",  # tokens kept between the two runs
        "MCP_AUTO_OPEN_ENABLED": "true",  # no TTY here: print the URL and "open" it …
        "BROWSER": "true",  # … with a browser that does nothing: `Browser` does the rest
    }
    callback = f"http://127.0.0.1:{free_port()}/oauth/callback"
    # Its connect timeout (15 s by default) covers the sign-in: be generous on a busy machine.
    common = [str(INSPECTOR), "--cli", servers.mcp, "--transport", "http",
              "--callback-url", callback, "--connect-timeout", "240000"]  # fmt: skip
    browser.prepared_link = servers.login_link()
    # stdout goes to a file: `authorization_url_from` reads stderr to its end meanwhile.
    output = tmp_path / "tools-list.json"
    with (
        output.open("w") as stdout,
        subprocess.Popen(
            [*common, "--method", "tools/list"],
            env=env,
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
        ) as listing,
    ):
        prompt = SignInPrompt(listing)
        try:
            url = prompt.url()
            assert query(url)["code_challenge_method"] == "S256"
            back_to_the_cli = browser.authorize(url)
            assert back_to_the_cli.startswith(callback + "?")
            # The CLI's own callback listener receives the code, as from a real browser.
            assert "OAuth complete" in httpx.get(back_to_the_cli, timeout=30).text
            listing.wait(timeout=120)
        finally:
            if listing.poll() is None:
                listing.kill()
                listing.wait()
            prompt.finish()
    stdout_text = output.read_text()
    assert listing.returncode == 0, stdout_text
    assert len(json.loads(stdout_text)["tools"]) >= 77
    called = subprocess.run(
        [*common, "--method", "tools/call", "--tool-name", "list_facilities",
         "--stored-auth-only"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )  # fmt: skip
    assert called.returncode == 0, called.stderr
    assert DISPENSARY in called.stdout and not json.loads(called.stdout).get("isError")
    assert browser.signed_in == 1  # the second run needed no sign-in


CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "mcp-oauth"


@contextlib.contextmanager
def callback_listener() -> Iterator[tuple[str, list[str]]]:
    """A client's loopback redirect URI: records the query of each request it receives."""
    received: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if urlsplit(self.path).path == "/callback":  # not the browser's /favicon.ico
                received.append(urlsplit(self.path).query)
            body = b"<!doctype html><title>Signed in</title><h1>You can close this window</h1>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            return

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/callback", received
    finally:
        server.shutdown()
        server.server_close()


def test_sign_in_and_consent_in_chromium(servers: Servers, tmp_path: Path) -> None:
    """The browser step in a real browser: the consent form's redirect to the client's
    loopback address is allowed by the page's Content-Security-Policy."""
    require_service(None if CHROMIUM.exists() else f"{CHROMIUM} is not installed")
    from playwright.sync_api import expect, sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pkce = Pkce.new()
    with callback_listener() as (redirect_uri, received), sync_playwright() as playwright:
        client = httpx.post(
            f"{servers.dashboard}/oauth/register",
            json={"client_name": "Chromium e2e", "redirect_uris": [redirect_uri],
                  "grant_types": ["authorization_code", "refresh_token"],
                  "token_endpoint_auth_method": "none"},
        ).json()  # fmt: skip
        url = authorization_url(servers.dashboard, client["client_id"], pkce, redirect_uri,
                                resource=servers.mcp, state="from-chromium")  # fmt: skip
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--headless", "--no-sandbox"]
        )
        page = chromium.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url)
        expect(page.get_by_role("heading", name="Sign in to connect Chromium e2e")).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / "01-sign-in.png"), full_page=True)
        page.goto(servers.login_link())
        expect(page.get_by_role("heading", name="Connect Chromium e2e to Trichome")).to_be_visible()
        expect(page.get_by_label(re.compile(f"{ORGANIZATION} \\(Operator\\)"))).to_be_checked()
        page.screenshot(path=str(ARTIFACTS / "02-consent.png"), full_page=True)
        page.get_by_role("button", name="Allow").click()
        expect(page.get_by_role("heading", name="You can close this window")).to_be_visible()
        assert page.url.startswith(redirect_uri + "?")
        chromium.close()
    [callback] = received
    params = {name: values[0] for name, values in parse_qs(callback).items()}
    assert params["state"] == "from-chromium" and params["iss"] == servers.dashboard
    tokens = httpx.post(
        f"{servers.dashboard}/oauth/token",
        data={"grant_type": "authorization_code", "code": params["code"],
              "code_verifier": pkce.verifier, "redirect_uri": redirect_uri,
              "client_id": client["client_id"], "resource": servers.mcp},
    ).json()  # fmt: skip
    listed = httpx.post(
        servers.mcp,
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        headers={"Authorization": f"Bearer {tokens['access_token']}",
                 "Accept": "application/json, text/event-stream"},
        timeout=60,
    )  # fmt: skip
    assert listed.status_code == 200, listed.text
    assert len(listed.json()["result"]["tools"]) >= 77
