"""The `trichome` command, run as a user runs it."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.servers import (
    chat_server,
    create_key,
    free_port,
    trichome,
    trichome_env,
    wait_until_healthy,
)

KEY = re.compile(r"^trk_[A-Za-z0-9_-]{43}$")
DEV_STARTUP_TIMEOUT = 300.0


def test_keys_create_prints_the_key_alone_on_the_last_line(
    database_url: str, tmp_path: Path
) -> None:
    env = trichome_env(tmp_path, database_url)
    first = trichome("keys", "create", "--org", "Acme", "--tier", "pro", "--name", "ci", env=env)
    assert KEY.match(first.stdout.splitlines()[-1])
    assert "created organisation 'Acme'" in first.stdout
    second = trichome("keys", "create", "--org", "Acme", "--tier", "team", env=env)
    assert KEY.match(second.stdout.splitlines()[-1])
    assert "created organisation" not in second.stdout
    listing = trichome("keys", "list", env=env).stdout
    rows = [line for line in listing.splitlines() if "Acme" in line]
    assert len(rows) == 2 and all("team" in row and "active" in row for row in rows)
    secret = first.stdout.splitlines()[-1]
    assert secret not in listing and f"{secret[:10]}…{secret[-4:]}" in listing


def test_keys_revoke(database_url: str, tmp_path: Path) -> None:
    env = trichome_env(tmp_path, database_url)
    create_key(env, "free", org="Solo")
    key_id = next(
        line.split()[0]
        for line in trichome("keys", "list", env=env).stdout.splitlines()
        if "Solo" in line
    )
    assert "revoked" in trichome("keys", "revoke", key_id, env=env).stdout
    assert "revoked" in next(
        line for line in trichome("keys", "list", env=env).stdout.splitlines() if "Solo" in line
    )
    missing = trichome("keys", "revoke", "key_nope", env=env, check=False)
    assert missing.returncode == 1 and "no API key" in missing.stderr


def test_bad_arguments_and_unbuilt_services_are_refused_clearly(tmp_path: Path) -> None:
    env = trichome_env(tmp_path)
    wrong_tier = trichome("keys", "create", "--org", "A", "--tier", "gold", env=env, check=False)
    assert wrong_tier.returncode == 2 and "invalid choice" in wrong_tier.stderr
    unknown = trichome("serve", "nowhere", env=env, check=False)
    assert unknown.returncode == 2
    ports_without_service = trichome("serve", "--port", "9", env=env, check=False)
    assert (
        ports_without_service.returncode == 2 and "need a SERVICE" in ports_without_service.stderr
    )


def test_invalid_configuration_is_reported_not_raised(tmp_path: Path) -> None:
    env = trichome_env(tmp_path, engine="openai")
    result = trichome("migrate", env=env, check=False)
    assert result.returncode != 0
    assert "TRICHOME_LLM_BASE_URL" in result.stderr and "Traceback" not in result.stderr


@contextlib.contextmanager
def dev_running(env: dict[str, str], log: Path) -> Iterator[None]:
    """`trichome dev` (what `make run` runs), healthy; interrupted with Ctrl-C on exit."""
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "trichome.cli", "dev"],
            env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        # It seeds the sandbox's year of records before it serves: on a loaded machine that
        # alone has taken 25 s, so the wait is a ceiling well past a minute.
        url = f"http://127.0.0.1:{env['TRICHOME_CHAT_PORT']}/health"
        wait_until_healthy(url, process, log, timeout=DEV_STARTUP_TIMEOUT)
    except BaseException:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise
    try:
        yield
    finally:
        os.killpg(process.pid, signal.SIGINT)
        assert process.wait(timeout=60) == 0


@pytest.mark.e2e
def test_dev_prints_a_working_key_once_and_serves(tmp_path: Path) -> None:
    env = trichome_env(tmp_path / "data", chat_port=str(free_port()))
    base = f"http://127.0.0.1:{env['TRICHOME_CHAT_PORT']}"
    question = {"model": "operator-agent", "stream": False,
                "messages": [{"role": "user", "content": "What is the decarboxylation factor for THCA?"}]}  # fmt: skip
    with dev_running(env, tmp_path / "first.log"):
        printed = (tmp_path / "first.log").read_text()
        (key,) = set(re.findall(r"trk_[A-Za-z0-9_-]{43}", printed))
        assert f"curl -s {base}/v1/chat/completions" in printed
        answer = httpx.post(
            f"{base}/v1/chat/completions", headers={"Authorization": f"Bearer {key}"}, json=question
        )
        assert answer.status_code == 200 and "0.877" in answer.text
    with dev_running(env, tmp_path / "second.log"):
        assert not re.search(r"trk_[A-Za-z0-9_-]{43}", (tmp_path / "second.log").read_text())
        again = httpx.post(
            f"{base}/v1/chat/completions", headers={"Authorization": f"Bearer {key}"}, json=question
        )
        assert again.status_code == 200


@pytest.mark.e2e
def test_a_revocation_reaches_every_worker(database_url: str, tmp_path: Path) -> None:
    env = trichome_env(tmp_path / "data", database_url)
    key = create_key(env, "pro", org="Many workers")
    with chat_server(env, tmp_path / "server.log", workers=2) as base:
        headers = {"Authorization": f"Bearer {key}"}
        with httpx.Client(base_url=base, headers=headers) as client:
            # Fresh connections, so the kernel spreads them over both workers.
            assert all(
                httpx.get(f"{base}/v1/models", headers=headers).status_code == 200
                for _ in range(12)
            )
            key_id = next(
                line.split()[0]
                for line in trichome("keys", "list", env=env).stdout.splitlines()
                if "Many workers" in line
            )
            trichome("keys", "revoke", key_id, env=env)
            assert [
                httpx.get(f"{base}/v1/models", headers=headers).status_code for _ in range(12)
            ] == [401] * 12
            assert client.get("/health").status_code == 200


def test_dashboard_login_link_for_an_email_and_cleanup(database_url: str, tmp_path: Path) -> None:
    from tests.db.test_migrations import _query
    from trichome.config import Settings

    env = trichome_env(tmp_path, database_url)
    settings = Settings(data_dir=tmp_path, database_url=database_url)
    first = trichome("dashboard", "login-link", "--email", "Bob@Example.com", env=env)
    second = trichome("dashboard", "login-link", "--email", "bob@example.com", env=env)
    for result in (first, second):
        assert re.fullmatch(
            r"http://127\.0\.0\.1:8003/login/link\?token=[\w-]{43}\n", result.stdout
        )
    assert first.stdout != second.stdout
    # One user, with a personal organisation, however the address is written.
    assert _query(settings, "SELECT email FROM users") == [("bob@example.com",)]
    [(name,)] = _query(settings, "SELECT name FROM organizations")
    assert str(name).startswith("bob@example.com (personal, usr_")
    both = trichome(
        "dashboard", "login-link", "--org", "X", "--email", "a@b.c", env=env, check=False
    )
    assert both.returncode == 2 and "not allowed with" in both.stderr

    oauth_none = "deleted 0 OAuth codes, 0 tokens, 0 grants and 0 unused client registrations\n"
    verifiers = "deleted {} expired Google Drive PKCE verifiers\n"
    nothing = trichome("dashboard", "cleanup", env=env)
    assert nothing.stdout == (
        "deleted 0 expired sessions, 0 login links and 0 invitations\n"
        + oauth_none
        + verifiers.format(0)
    )
    _query(settings, "UPDATE login_links SET expires_at = '2001-01-01 00:00:00'")
    for state_hash, expires in (
        ("a" * 64, "2001-01-01 00:00:00"),
        ("b" * 64, "2999-01-01 00:00:00"),
    ):
        _query(
            settings,
            "INSERT INTO drive_authorizations (state_hash, organization_id, "
            f"code_verifier_encrypted, expires_at) VALUES ('{state_hash}', "
            f"(SELECT id FROM organizations), 'sealed', '{expires}')",
        )
    cleaned = trichome("dashboard", "cleanup", env=env)
    assert cleaned.stdout == (
        "deleted 0 expired sessions, 2 login links and 0 invitations\n"
        + oauth_none
        + verifiers.format(1)
    )
    assert _query(settings, "SELECT count(*) FROM login_links") == [(0,)]
    assert _query(settings, "SELECT state_hash FROM drive_authorizations") == [("b" * 64,)]
    # --name names the user --email signs in (and only goes with it).
    trichome("dashboard", "login-link", "--email", "bob@example.com", "--name", "Bob Ray", env=env)
    assert _query(settings, "SELECT name FROM users") == [("Bob Ray",)]
    nameless = trichome("dashboard", "login-link", "--name", "Bob", env=env, check=False)
    assert nameless.returncode == 2 and "--name goes with --email" in nameless.stderr
