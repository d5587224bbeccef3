"""The chat widget in Debian's Chromium (headless, driven by Playwright), embedded on hostile
pages of another origin and talking to a real `trichome serve kb`. Screenshots go to
test-artifacts/widget/."""

from __future__ import annotations

import gzip
import html
import json
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Dialog, Page, Route, expect, sync_playwright

from tests.conftest import require_service
from tests.support.servers import free_port, kb_server, trichome_env
from trichome.forum.corpus import ThreadRecord, read_jsonl
from trichome.forum.service import sample_files
from trichome.services.kb.routes.widget import BUNDLE

pytestmark = pytest.mark.e2e

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "widget"
# Room for the questions the tests ask; the last test spends whatever is left.
REQUESTS_PER_HOUR = 20
MAX_GZIPPED_BYTES = 35 * 1024
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 667}
# XML namespace names DOMPurify compares elements against, and marked's "report this bug"
# text: strings in the bundle, never fetched.
NOT_REQUESTED = {
    "http://www.w3.org/1999/xhtml",
    "http://www.w3.org/2000/svg",
    "http://www.w3.org/1998/Math/MathML",
    "https://github.com/markedjs/marked",
}

# Everything a careless or hostile stylesheet does to whatever it can reach.
HOSTILE_CSS = """
* { all: unset !important; }
head, script, style, title { display: none !important; }
html { font-size: 40px !important; }
body { display: block !important; font: italic 30px/3 "Comic Sans MS", cursive !important;
       color: #f0f !important; letter-spacing: 6px !important;
       text-transform: uppercase !important; text-shadow: 2px 2px red !important;
       text-indent: 40px !important; white-space: pre !important; cursor: wait !important; }
div, section, aside, dialog, form, textarea, h2, [role="dialog"], [role="log"] {
  display: none !important; }
button { position: fixed !important; top: 0 !important; left: 0 !important; width: 10px !important;
         height: 10px !important; opacity: 0 !important; z-index: 2147483647 !important; }
svg { width: 600px !important; height: 600px !important; fill: red !important; }
a { color: lime !important; }
*:focus, *:focus-visible { outline: none !important; }
*, *::before, *::after { box-sizing: content-box !important; transition: all 5s !important; }
:root { --primary: red; --bg: red; --fg: red; --link: red; }
"""


def host_page(kb: str, *, widget: bool = True, before: str = "", **data: str) -> str:
    """A page with the hostile stylesheet, a link, text and a button, and the one-tag embed
    with `data` as its data-* attributes (`primary_color` becomes `data-primary-color`)."""
    attributes = "".join(
        f' data-{name.replace("_", "-")}="{html.escape(value)}"' for name, value in data.items()
    )
    script = f'<script src="{kb}/widget.js"{attributes} async></script>' if widget else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A host page</title>
<link rel="icon" href="data:,"><style>{HOSTILE_CSS}</style></head>
<body>
<a href="#top" id="page-link">A page link</a>
<p id="probe">The host page's own text.</p>
<button id="page-button" type="button">A page button</button>
{before}{script}
</body></html>"""


class HostPages:
    """Pages on another origin than the knowledge base's, so every API call is cross-origin."""

    def __init__(self) -> None:
        self.pages: dict[str, str] = {}
        pages = self.pages

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = pages.get(self.path.split("?")[0], "").encode()
                self.send_response(200 if body else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"

    def add(self, page: str) -> str:
        """Serve `page`; returns its address."""
        path = f"/page-{len(self.pages)}"
        self.pages[path] = page
        return self.base + path


@dataclass
class Visit:
    """A page in a fresh browser context, and what happened on it."""

    page: Page
    dialogs: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def widget(self, script: str) -> Any:
        """`script`, a function of the widget's shadow root, evaluated in the page."""
        return self.page.evaluate(
            f"() => ({script})(document.querySelector('trichome-widget').shadowRoot)"
        )

    def focused(self) -> str | None:
        """The id or class of the element focused inside the widget (None: focus is outside)."""
        focused: str | None = self.widget(
            "root => root.activeElement && (root.activeElement.id || root.activeElement.className)"
        )
        return focused

    def shot(self, name: str) -> None:
        self.page.screenshot(path=ARTIFACTS / f"{name}.png")


def _sample_thread(category_file: str, position: int) -> ThreadRecord:
    path = next(p for p in sample_files() if p.name == category_file)
    with path.open("rb") as stream:
        records = [r for r in read_jsonl(stream) if isinstance(r, ThreadRecord)]
    return records[position]


def _require_bundle() -> None:
    require_service(None if BUNDLE.exists() else f"the widget is not built ({BUNDLE} is missing)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    require_service(
        None if CHROMIUM.exists() else f"{CHROMIUM} is missing (make test installs it as root)"
    )
    _require_bundle()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        # Debian's Chromium: Playwright never downloads a browser of its own here.
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox"]
        )
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def kb(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp_path = tmp_path_factory.mktemp("widget-kb")
    env = trichome_env(tmp_path / "data", kb_requests_per_hour=str(REQUESTS_PER_HOUR))
    with kb_server(env, tmp_path / "server.log") as base_url:
        yield base_url


@pytest.fixture(scope="module")
def host() -> Iterator[HostPages]:
    pages = HostPages()
    thread = threading.Thread(target=pages.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield pages
    finally:
        pages.server.shutdown()
        pages.server.server_close()


@pytest.fixture
def visit(browser: Browser, kb: str, host: HostPages) -> Iterator[Visit]:
    context = browser.new_context(viewport=DESKTOP)
    seen = Visit(context.new_page())

    def on_dialog(dialog: Dialog) -> None:
        seen.dialogs.append(dialog.message)
        dialog.dismiss()

    seen.page.on("dialog", on_dialog)
    seen.page.on("pageerror", lambda error: seen.errors.append(str(error)))
    seen.page.on("request", lambda request: seen.requests.append(request.url))
    try:
        yield seen
    finally:
        context.close()
    foreign = [url for url in seen.requests if not url.startswith((host.base, kb, "data:"))]
    assert not foreign, f"requests to other hosts: {foreign}"
    assert not seen.errors, seen.errors


def _bubble(page: Page, title: str = "Ask the forum") -> Any:
    return page.get_by_role("button", name=f"Chat: {title}")


def _ask(page: Page, question: str) -> None:
    page.get_by_role("textbox", name="Your question").fill(question)
    page.keyboard.press("Enter")


# ----------------------------------------------------------------------------- the bundle


def test_the_bundle_is_small_and_names_no_host_to_fetch_from() -> None:
    _require_bundle()
    bundle = BUNDLE.read_bytes()
    assert len(gzip.compress(bundle)) <= MAX_GZIPPED_BYTES
    urls = set(re.findall(rb"https?://[A-Za-z0-9.-]+(?:/[A-Za-z0-9./_-]*)?", bundle))
    assert {url.decode().rstrip(".") for url in urls} <= NOT_REQUESTED
    assert b"eval(" not in bundle and b"new Function" not in bundle


# ----------------------------------------------------------------------------- embedding


def test_hostile_page_css_cannot_touch_the_widget_nor_the_widget_the_page(
    visit: Visit, kb: str, host: HostPages
) -> None:
    page = visit.page
    page.goto(host.add(host_page(kb, widget=False)))
    probe = """() => {
        const s = getComputedStyle(document.getElementById('probe'));
        return [s.fontFamily, s.fontSize, s.color, s.letterSpacing];
    }"""
    before = page.evaluate(probe)
    before_globals = set(page.evaluate("() => Object.keys(window)"))
    page.goto(host.add(host_page(kb)))
    bubble = _bubble(page)
    expect(bubble).to_be_visible()
    # The page is as it was: its text styled as before, one element and one global added.
    assert page.evaluate(probe) == before
    assert set(page.evaluate("() => Object.keys(window)")) - before_globals == {"TrichomeWidget"}
    assert page.evaluate("() => document.styleSheets.length") == 1
    assert page.evaluate("() => document.body.lastElementChild.tagName") == "TRICHOME-WIDGET"
    page.locator("#page-button").click(force=True)  # the page's own controls still work
    # The widget looks as designed, whatever the page says about buttons, svg and fonts.
    box = bubble.bounding_box()
    assert box is not None and (box["width"], box["height"]) == (56, 56)
    bubble.click()
    dialog = page.get_by_role("dialog", name="Ask the forum")
    expect(dialog).to_be_visible()
    panel = dialog.bounding_box()
    assert panel is not None and panel["width"] == 380
    title = page.locator("trichome-widget h2")
    style = title.evaluate("""e => {
        const s = getComputedStyle(e);
        return [s.fontFamily, s.fontSize, s.fontStyle, s.textTransform, s.letterSpacing,
                s.textShadow, s.textIndent, s.cursor];
    }""")
    assert "Comic" not in style[0]
    assert style[1:] == ["16px", "normal", "none", "normal", "none", "0px", "auto"]
    assert dialog.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(255, 255, 255)"
    textbox = page.get_by_role("textbox", name="Your question")
    expect(textbox).to_be_visible()
    icon = page.locator("trichome-widget .send svg").bounding_box()
    assert icon is not None and icon["width"] == 24
    visit.shot("hostile-page")


@pytest.mark.parametrize("position", ["bottom-right", "bottom-left"])
def test_the_bubble_and_panel_sit_in_the_corner_asked_for(
    visit: Visit, kb: str, host: HostPages, position: str
) -> None:
    page = visit.page
    page.goto(host.add(host_page(kb, position=position, z_index="1000")))
    bubble = _bubble(page)
    expect(bubble).to_be_visible()
    bubble.click()
    box = bubble.bounding_box()
    panel = page.get_by_role("dialog").bounding_box()
    assert box is not None and panel is not None
    assert box["y"] + box["height"] == DESKTOP["height"] - 20
    if position == "bottom-right":
        assert box["x"] + box["width"] == panel["x"] + panel["width"] == DESKTOP["width"] - 20
    else:
        assert box["x"] == panel["x"] == 20
    assert page.locator("trichome-widget").evaluate("e => getComputedStyle(e).zIndex") == "1000"
    visit.shot(f"position-{position}")


def test_init_from_javascript_queued_before_the_script_loads(
    visit: Visit, kb: str, host: HostPages
) -> None:
    options = {
        "position": "bottom-left",
        "theme": "dark",
        "title": "Grow help",
        "greeting": "Hello, grower.",
        "primaryColor": "#7b2cbf",
        "placeholder": "Type a question",
        "openOnLoad": True,
    }
    queue = (
        "<script>window.TrichomeWidget = window.TrichomeWidget || "
        '{ q: [], init: function (o) { this.q.push(["init", o]); } };'
        f"TrichomeWidget.init({json.dumps(options)});</script>"
    )
    page = visit.page
    page.goto(host.add(host_page(kb, before=queue, theme="light")))
    dialog = page.get_by_role("dialog", name="Grow help")
    expect(dialog).to_be_visible()  # open on load...
    assert visit.focused() is None  # ...without taking the page's keyboard
    expect(page.get_by_role("log")).to_contain_text("Hello, grower.")
    expect(page.get_by_role("textbox", name="Your question")).to_have_attribute(
        "placeholder", "Type a question"
    )
    bubble = _bubble(page, "Grow help")
    assert bubble.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(123, 44, 191)"
    assert bubble.evaluate("e => getComputedStyle(e).color") == "rgb(255, 255, 255)"
    assert dialog.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(22, 25, 29)"
    box = bubble.bounding_box()
    assert box is not None and box["x"] == 20
    visit.shot("queued-init")


def test_the_javascript_api_opens_closes_replaces_and_removes_it(
    visit: Visit, kb: str, host: HostPages
) -> None:
    page = visit.page
    page.goto(host.add(host_page(kb)))
    dialog = page.get_by_role("dialog")
    expect(_bubble(page)).to_be_visible()
    page.evaluate("() => TrichomeWidget.open()")
    expect(dialog).to_be_visible()
    page.locator("#page-link").focus()
    page.evaluate("() => TrichomeWidget.close()")
    expect(dialog).to_be_hidden()
    # Closed from page code while the page had the keyboard: the page keeps it.
    assert page.evaluate("() => document.activeElement.id") == "page-link"
    page.evaluate("() => TrichomeWidget.init({ title: 'Second', position: 'bottom-left' })")
    expect(page.locator("trichome-widget")).to_have_count(1)
    box = _bubble(page, "Second").bounding_box()
    assert box is not None and box["x"] == 20
    page.evaluate("() => TrichomeWidget.destroy()")
    expect(page.locator("trichome-widget")).to_have_count(0)


# ----------------------------------------------------------------------------- keyboard


def test_keyboard_opens_it_escape_closes_it_and_focus_returns(
    visit: Visit, kb: str, host: HostPages
) -> None:
    page = visit.page
    page.goto(host.add(host_page(kb)))
    bubble = _bubble(page)
    expect(bubble).to_have_attribute("aria-expanded", "false")
    for _ in range(6):  # past the page's link and button
        page.keyboard.press("Tab")
        if visit.focused() == "bubble":
            break
    assert visit.focused() == "bubble"
    outline = bubble.evaluate(
        "e => { const s = getComputedStyle(e); return [s.outlineStyle, s.outlineWidth]; }"
    )
    assert outline == ["solid", "3px"]  # visible focus, though the page removes outlines
    visit.shot("keyboard-focus")
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Ask the forum")
    expect(dialog).to_be_visible()
    expect(bubble).to_have_attribute("aria-expanded", "true")
    assert bubble.get_attribute("aria-controls") == dialog.get_attribute("id")
    assert dialog.get_attribute("aria-modal") == "false"  # the page stays usable beside it
    assert visit.focused() == "question"
    log = page.get_by_role("log", name="Conversation")
    expect(log).to_be_visible()
    assert log.get_attribute("aria-live") == "polite"
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(bubble).to_have_attribute("aria-expanded", "false")
    assert visit.focused() == "bubble"
    bubble.click()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    assert visit.focused() == "bubble"


# ----------------------------------------------------------------------------- answers


def test_a_question_streams_a_cited_answer_that_survives_a_reload(
    visit: Visit, kb: str, host: HostPages
) -> None:
    wanted = _sample_thread("testing.jsonl", 5)
    page = visit.page
    page.goto(host.add(host_page(kb)))
    _bubble(page).click()
    with page.expect_response(f"{kb}/v1/chat/completions") as answered:
        _ask(page, f"{wanted.title}?")
    response = answered.value
    assert response.headers["content-type"].startswith("text/event-stream")
    sent = response.request.post_data_json
    assert sent["model"] == "knowledge-base" and sent["stream"] is True
    assert sent["messages"] == [{"role": "user", "content": f"{wanted.title}?"}]
    assert "x-api-key" not in response.request.headers  # no key configured, none sent
    # The stream's closing chunk names the cited threads, with their pages on the knowledge base.
    closing = [
        json.loads(line[5:])
        for line in response.text().splitlines()
        if line.startswith("data: {") and '"citations"' in line
    ]
    assert len(closing) == 1 and closing[0]["choices"][0]["finish_reason"] == "stop"
    cited = next(c for c in closing[0]["citations"] if c["url"] == wanted.url)
    page_url = cited["page_url"]
    assert re.fullmatch(rf"{re.escape(kb)}/threads/\d+\?post=(\d+)#post-\1", page_url), page_url
    log = page.get_by_role("log")
    citation = log.get_by_role("link", name=wanted.title)
    expect(citation).to_be_visible()
    # The Sources link opens the thread on the knowledge base, not the forum (which need not
    # exist: the sample corpus's is reserved for examples).
    assert citation.get_attribute("href") == page_url
    assert citation.get_attribute("target") == "_blank"
    assert citation.get_attribute("rel") == "noopener noreferrer"
    expect(log).not_to_have_attribute("aria-busy", "true")
    visit.shot("answer")
    # The citation opens the thread's page in a new tab, with no handle on this page, at
    # the post the answer quotes.
    with page.context.expect_page() as opened:
        citation.click()
    tab = opened.value
    tab.wait_for_load_state()
    assert tab.url == page_url
    assert tab.evaluate("() => window.opener") is None
    expect(tab.get_by_role("heading", level=1)).to_have_text(wanted.title)
    expect(tab.locator(f"#post-{page_url.rsplit('-', 1)[1]}")).to_be_in_viewport()
    tab.close()
    # A reload keeps the conversation, its links included, and the next question carries it.
    page.reload()
    _bubble(page).click()
    again = page.get_by_role("log").get_by_role("link", name=wanted.title)
    expect(again).to_have_attribute("href", page_url)
    with page.expect_request(f"{kb}/v1/chat/completions") as asked:
        _ask(page, "And how long does that take?")
    history = asked.value.post_data_json["messages"]
    assert [sorted(m) for m in history] == [["content", "role"]] * 3
    assert [m["role"] for m in history] == ["user", "assistant", "user"]
    assert page_url in history[1]["content"]  # its sources link the thread's page here
    expect(page.get_by_role("log")).not_to_have_attribute("aria-busy", "true")
    expect(page.get_by_role("log").locator(".msg.assistant")).to_have_count(3)
    # Clearing forgets it, across reloads too.
    page.get_by_role("button", name="Clear the conversation").click()
    expect(page.get_by_role("log").locator(".msg")).to_have_count(1)  # the greeting
    page.reload()
    _bubble(page).click()
    expect(page.get_by_role("log").locator(".msg")).to_have_count(1)


def _sse(*texts: str, citations: list[dict[str, Any]] | None = None) -> str:
    chunks: list[dict[str, Any]] = [
        {
            "id": "chatcmpl-test",
            "object": "chat.completion.chunk",
            "created": 0,
            "model": "knowledge-base",
            "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": None}],
        }
        for text in texts
    ]
    if citations is not None:
        chunks.append(
            chunks[-1]
            | {
                "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
                "citations": citations,
            }
        )
    return "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n"


HOSTILE_ANSWER = (
    "**Careful** with these:\n\n",
    '<img src=x onerror="window.__xss=1;alert(1)">\n\n',
    "<scr",  # a tag split across chunks: re-rendered as it grows
    "ipt>window.__xss=2</script>\n\n",
    "[a link](javascript:window.__xss=3) and ",
    '<a href="javascript:alert(4)">another</a> and ',
    '<a href="JaVaScRiPt&colon;alert(5)">a third</a>\n\n',
    '<svg onload="window.__xss=6"></svg><iframe src="javascript:window.__xss=7"></iframe>\n\n',
    '<p onclick="window.__xss=8" style="position:fixed;inset:0">click me</p>\n\n',
    '<form action="https://evil.example/"><input name="x"></form>\n\n',
    "Sources:\n[1] [The thread](https://forum.example.com/t/1)",
)


def test_hostile_markup_in_an_answer_does_not_run(visit: Visit, kb: str, host: HostPages) -> None:
    # The answer comes from a stand-in API at another base (the apiBase option), with a key.
    sent_keys: list[str | None] = []

    def answer(route: Route) -> None:
        sent_keys.append(route.request.headers.get("x-api-key"))
        # A citation's page that is no web address is ignored: the link stays the forum's.
        cited = [{"url": "https://forum.example.com/t/1", "page_url": "javascript:alert(9)"}]
        body = _sse(*HOSTILE_ANSWER, citations=cited)
        route.fulfill(status=200, content_type="text/event-stream", body=body)

    page = visit.page
    page.route(f"{host.base}/proxied/kb/v1/chat/completions", answer)
    page.goto(
        host.add(host_page(kb, api_base=f"{host.base}/proxied/kb/", api_key="tk_widget_test"))
    )
    _bubble(page).click()
    _ask(page, "Show me something nasty")
    message = page.get_by_role("log").locator(".msg.assistant").last
    expect(message.get_by_role("link", name="The thread")).to_be_visible()
    assert sent_keys == ["tk_widget_test"]
    for text in ("a link", "another", "a third", "click me"):
        message.get_by_text(text).click()
    page.wait_for_timeout(300)
    assert visit.dialogs == []
    assert page.evaluate("() => window.__xss") is None
    assert message.locator("img, script, iframe, svg, form, input").count() == 0
    assert message.locator("[onerror], [onclick], [onload], [style]").count() == 0
    hrefs = message.locator("a[href]").evaluate_all("links => links.map(a => a.href)")
    assert hrefs == ["https://forum.example.com/t/1"]
    assert message.locator("strong").inner_text() == "Careful"
    link = message.get_by_role("link", name="The thread")
    assert (link.get_attribute("target"), link.get_attribute("rel")) == (
        "_blank",
        "noopener noreferrer",
    )
    visit.shot("hostile-answer")


def test_a_network_failure_says_so_and_retry_asks_again(
    visit: Visit, kb: str, host: HostPages
) -> None:
    page = visit.page
    page.route(f"{kb}/v1/chat/completions", lambda route: route.abort("internetdisconnected"))
    page.goto(host.add(host_page(kb)))
    _bubble(page).click()
    _ask(page, "How long should live rosin cure?")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Can't reach the knowledge base")
    visit.shot("network-failure")
    page.unroute(f"{kb}/v1/chat/completions")
    alert.get_by_role("button", name="Retry").click()
    expect(page.get_by_role("log").locator(".msg.assistant a").first).to_be_visible()
    expect(alert).to_be_hidden()
    expect(page.get_by_role("log").locator(".msg.user")).to_have_count(1)


# ----------------------------------------------------------------------------- screens, themes


def test_a_phone_gets_the_panel_full_screen_and_modal(
    visit: Visit, kb: str, host: HostPages
) -> None:
    page = visit.page
    page.set_viewport_size(PHONE)
    page.goto(host.add(host_page(kb, position="bottom-left")))
    bubble = _bubble(page)
    bubble.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    assert dialog.bounding_box() == {"x": 0, "y": 0, "width": 375, "height": 667}
    assert dialog.get_attribute("aria-modal") == "true"
    expect(bubble).to_be_hidden()
    for _ in range(8):  # Tab stays in the modal panel
        page.keyboard.press("Tab")
        assert visit.focused() is not None
    visit.shot("phone")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(bubble).to_be_visible()
    assert visit.focused() == "bubble"


@pytest.mark.parametrize(
    ("theme", "scheme", "background"),
    [
        ("light", "dark", "rgb(255, 255, 255)"),
        ("dark", "light", "rgb(22, 25, 29)"),
        ("auto", "light", "rgb(255, 255, 255)"),
        ("auto", "dark", "rgb(22, 25, 29)"),
    ],
)
def test_both_themes_render(
    visit: Visit, kb: str, host: HostPages, theme: str, scheme: Any, background: str
) -> None:
    page = visit.page
    page.emulate_media(color_scheme=scheme)
    page.goto(host.add(host_page(kb, theme=theme)))
    _bubble(page).click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    assert dialog.evaluate("e => getComputedStyle(e).backgroundColor") == background
    greeting = page.get_by_role("log").locator(".msg.assistant").first
    dark = background != "rgb(255, 255, 255)"
    assert greeting.evaluate("e => getComputedStyle(e).color") == (
        "rgb(232, 234, 237)" if dark else "rgb(27, 31, 35)"
    )
    visit.shot(f"theme-{theme}-{scheme}")


def test_the_demo_page_works_under_its_strict_policy(visit: Visit, kb: str) -> None:
    page = visit.page
    refused: list[str] = []
    page.on(
        "console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None
    )
    page.goto(f"{kb}/demo?theme=dark&position=bottom-left")
    bubble = _bubble(page)
    bubble.click()
    _ask(page, "How long should live rosin cure?")
    expect(page.get_by_role("log").locator(".msg.assistant a").first).to_be_visible()
    assert bubble.evaluate("e => getComputedStyle(e).borderRadius") == "50%"  # styled
    assert refused == []
    visit.shot("demo")


# ----------------------------------------------------------------------------- limits (last)


def test_over_the_limit_the_reader_is_told_when_to_retry(
    visit: Visit, kb: str, host: HostPages
) -> None:
    # Runs last: it spends the rest of this client's hour.
    for _ in range(REQUESTS_PER_HOUR + 1):
        if httpx.get(f"{kb}/api/threads", params={"q": "rosin"}).status_code == 429:
            break
    page = visit.page
    page.goto(host.add(host_page(kb)))
    _bubble(page).click()
    _ask(page, "How long should live rosin cure?")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text(
        re.compile(r"Too many questions for now\. Please retry in about \d+ (minutes|seconds)\.")
    )
    retry = alert.get_by_role("button", name="Retry")
    expect(retry).to_be_visible()
    retry.click()
    expect(alert).to_contain_text("Too many questions")
    visit.shot("rate-limited")
