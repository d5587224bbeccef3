"""The dashboard's session helpers: what its access log keeps of one-time links and codes."""

from __future__ import annotations

import logging

import pytest

from trichome.config import Settings
from trichome.services.dashboard.app import create_app

TOKEN = "Pkbh2p4KjwYTbuCX5_PE6q_COHa51mAbCdEfGhIjKlM"


def test_the_access_log_keeps_no_sign_in_or_invitation_token(
    caplog: pytest.LogCaptureFixture,
) -> None:
    create_app(Settings())
    access = logging.getLogger("uvicorn.access")
    with caplog.at_level(logging.INFO, logger="uvicorn.access"):
        for path in (
            f"/invitations/{TOKEN}",
            f"/login/link?token={TOKEN}&x=1",
            f"/documents/drive/callback?state=s&code=4/{TOKEN}&scope=x",
            "/keys",
        ):
            # The call uvicorn's access log makes for every request.
            access.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5000", "GET", path, "1.1", 200)
    assert TOKEN not in caplog.text
    assert '"GET /invitations/… HTTP/1.1" 200' in caplog.text
    assert '"GET /login/link?token=…&x=1 HTTP/1.1" 200' in caplog.text
    assert '"GET /documents/drive/callback?state=s&code=…&scope=x HTTP/1.1" 200' in caplog.text
    assert '"GET /keys HTTP/1.1" 200' in caplog.text


def test_the_error_log_keeps_no_invitation_token(caplog: pytest.LogCaptureFixture) -> None:
    create_app(Settings())
    with caplog.at_level(logging.ERROR, logger="trichome.http.errors"):
        logging.getLogger("trichome.http.errors").error(
            "unhandled error in %s %s [%s]", "POST", f"/invitations/{TOKEN}", "req_1"
        )
    assert TOKEN not in caplog.text and "POST /invitations/… [req_1]" in caplog.text
