"""The README's shell and Python snippets run as printed, against started services, the way
datasette checks its documentation: every snippet is either run here or listed with the
reason it is not. Only the services' addresses are changed (the test's servers listen on
free ports); every variable a snippet uses is defined in it or in the snippet before it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.servers import chat_server, kb_server, trichome, trichome_env

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CLI = ROOT / ".venv" / "bin" / "trichome"

# Snippets not run here (by their first line), each with the reason.
NOT_RUN = {
    "make run": "the suite itself runs `trichome dev` (tests/test_cli.py)",
    "export TRICHOME_DATABASE_URL=": "needs a PostgreSQL server elsewhere",
    "async with MetrcClient(": "a fragment; tests/metrc/test_contract.py runs every method",
    "VENDOR=sandbox-vendor-key": "needs the seeded sandbox and the tool server "
    "(tests/e2e/test_toolserver.py asks /api/chat the same)",
    "TRICHOME_STRIPE_WEBHOOK_SECRET=": "settings to give the dashboard, not a command",
}


def snippets() -> list[tuple[str, str]]:
    """Every ```sh and ```python block of the README: (language, code)."""
    text = README.read_text(encoding="utf-8")
    return re.findall(r"^```(sh|python)\n(.*?)^```", text, re.MULTILINE | re.DOTALL)


def _find(start: str) -> str:
    (code,) = [code for _, code in snippets() if code.startswith(start)]
    return code


def test_every_snippet_is_run_or_excused() -> None:
    run = ("export TRICHOME_KEY=", "import os", "response = client.responses", "curl -s 'http")
    run += ("from openai import OpenAI\n\nkb = ",)
    for language, code in snippets():
        known = [start for start in (*run, *NOT_RUN) if code.startswith(start)]
        assert known, f"a README {language} snippet neither run nor excused:\n{code}"


def _variables_defined_before_use(code: str) -> None:
    used = set(re.findall(r"\$\{?([A-Za-z_]\w*)", code))
    defined = set(re.findall(r"(?:^|\s|export )([A-Za-z_]\w*)=", code, re.MULTILINE))
    assert used <= defined | {"PWD", "PATH"}, f"undefined in the snippet: {used - defined}"


def test_shell_snippets_define_their_variables() -> None:
    """Each shell snippet defines what it uses; `$TRICHOME_KEY` may come from the chat API's
    snippet, which exports it and which the later ones point back to."""
    excused = ("make run", "export TRICHOME_DATABASE_URL=", "TRICHOME_STRIPE_WEBHOOK_SECRET=")
    exporting = _find("export TRICHOME_KEY=")
    for language, code in snippets():
        if language == "sh" and not code.startswith(excused):
            _variables_defined_before_use(exporting + code)


def _shell(code: str, env: dict[str, str]) -> str:
    result = subprocess.run(
        ["/bin/bash", "-euo", "pipefail", "-c", code],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout


def _python(code: str, env: dict[str, str]) -> str:
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.e2e
def test_the_snippets_run_as_printed(tmp_path: Path) -> None:
    if not CLI.exists():
        pytest.skip(f"{CLI} is not installed (make install)")
    env = trichome_env(tmp_path / "data")
    trichome("migrate", env=env)
    with chat_server(env, tmp_path / "chat.log") as chat, kb_server(env, tmp_path / "kb.log") as kb:

        def here(code: str) -> str:
            return code.replace("http://127.0.0.1:8000", chat).replace("http://127.0.0.1:8002", kb)

        # The chat API: the key is made by the snippet and exported, as a reader's shell would.
        shell = here(_find("export TRICHOME_KEY="))
        answer = _shell(shell + '\necho "KEY=$TRICHOME_KEY"', env)
        key = answer.rsplit("KEY=", 1)[1].strip()
        assert key.startswith("trk_") and '"error"' not in answer
        assert "Colorado" in answer or "CO" in answer
        env["TRICHOME_KEY"] = key
        chat_python = here(_find("import os"))
        streamed = _python(chat_python, env)
        assert "gummies" in streamed or "mL" in streamed or "g" in streamed
        responses = _python(chat_python + "\n" + here(_find("response = client.")), env)
        assert "not_configured" in responses and "Web search is not configured" in responses
        # The knowledge base, without a key.
        threads = _shell(here(_find("curl -s 'http")), env)
        assert '"threads"' in threads or '"results"' in threads or "winterization" in threads
        assert '"error"' not in threads
        kb_python = here(_find("from openai import OpenAI\n\nkb = "))
        _python(kb_python + "\nprint(answer.choices[0].message.content)", env)
