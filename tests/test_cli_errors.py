"""Failures a user can cause end in one line naming the problem and the fix, with a non-zero
status and no traceback: the `trichome` command run as a user runs it."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from tests.support.servers import free_port, trichome, trichome_env

SAMPLE = Path(__file__).resolve().parents[1] / "src/trichome/forum/sample"


def run(*args: str, env: Mapping[str, str], stdin: bytes | None = None) -> tuple[int, str]:
    """`trichome ARGS` without a terminal; its status and stderr."""
    result = subprocess.run(
        [sys.executable, "-m", "trichome.cli", *args],
        env=dict(env),
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
    )
    return result.returncode, result.stderr.decode()


def one_line_failure(status: int, stderr: str, *words: str) -> None:
    assert status != 0, stderr
    assert "Traceback" not in stderr, stderr
    assert stderr.endswith("\n") and stderr.count("\n") == 1, stderr
    assert stderr.startswith("trichome: "), stderr
    for word in words:
        assert word in stderr, (word, stderr)


@pytest.fixture
def taken_port() -> Iterator[int]:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        yield int(listener.getsockname()[1])


def _all_ports_free(env: dict[str, str]) -> dict[str, str]:
    for service in ("CHAT", "TOOLSERVER", "KB", "DASHBOARD", "SANDBOX"):
        env[f"TRICHOME_{service}_PORT"] = str(free_port())
    return env


def test_a_port_in_use_names_the_variable_that_moves_it(tmp_path: Path, taken_port: int) -> None:
    env = trichome_env(tmp_path, chat_port=str(taken_port))
    one_line_failure(*run("serve", "chat", env=env), f"port {taken_port}", "TRICHOME_CHAT_PORT")
    one_line_failure(*run("serve", "chat", "--port", str(taken_port), env=env), "--port")
    every = _all_ports_free(trichome_env(tmp_path))
    every["TRICHOME_KB_PORT"] = str(taken_port)
    one_line_failure(*run("serve", env=every), "already in use", "TRICHOME_KB_PORT")
    every["TRICHOME_DATA_DIR"] = str(tmp_path / "dev")
    status, stderr = run("dev", env=every)
    one_line_failure(status, stderr, "TRICHOME_KB_PORT")
    assert not (tmp_path / "dev").exists(), "dev made a key before finding the port taken"


def test_a_host_that_is_not_this_machine_is_named(tmp_path: Path) -> None:
    env = trichome_env(tmp_path)
    status, stderr = run("serve", "chat", "--host", "256.0.0.1", "--port", "1", env=env)
    one_line_failure(status, stderr, "256.0.0.1", "TRICHOME_HOST")


def test_kb_export_into_a_closed_pipe_ends_in_one_line(tmp_path: Path) -> None:
    env = trichome_env(tmp_path)
    corpus = b"".join(path.read_bytes() for path in sorted(SAMPLE.glob("*.jsonl")))
    assert len(corpus) > 1 << 17  # more than a pipe holds, so the writer meets the closed end
    assert run("kb", "import", "-", env=env, stdin=corpus)[0] == 0
    # `trichome kb export | head`, as typed; the status is the export's own.
    pipeline = subprocess.run(
        [
            "/bin/bash",
            "-c",
            f"{sys.executable} -m trichome.cli kb export | head -c 10 >/dev/null;"
            " exit ${PIPESTATUS[0]}",
        ],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
    )
    one_line_failure(
        pipeline.returncode, pipeline.stderr.decode(), "broken pipe", "write it to a file"
    )


def test_metrc_connect_without_a_terminal_names_the_variables(tmp_path: Path) -> None:
    env = trichome_env(tmp_path)
    trichome("keys", "create", "--org", "Acme", "--tier", "operator", env=env)
    status, stderr = run("metrc", "connect", "--org", "Acme", env=env)
    one_line_failure(status, stderr, "TRICHOME_METRC_VENDOR_KEY", "TRICHOME_METRC_USER_KEY")
    env["TRICHOME_METRC_VENDOR_KEY"] = "vendor-key-1234"
    status, stderr = run("metrc", "connect", "--org", "Acme", env=env)
    one_line_failure(status, stderr, "TRICHOME_METRC_USER_KEY")
    assert "VENDOR" not in stderr


def test_an_unreachable_or_mistyped_database_is_named(tmp_path: Path) -> None:
    unreachable = f"postgresql+asyncpg://trichome@127.0.0.1:{free_port()}/nowhere"
    env = trichome_env(tmp_path, database_url=unreachable)
    one_line_failure(*run("keys", "list", env=env), "cannot reach the database", "DATABASE_URL")
    env["TRICHOME_DATABASE_URL"] = "not a url"
    one_line_failure(*run("keys", "list", env=env), "TRICHOME_DATABASE_URL", "postgresql+")


def test_a_data_dir_that_cannot_be_used_is_named(tmp_path: Path) -> None:
    occupied = tmp_path / "a-file"
    occupied.write_text("not a directory")
    env = trichome_env(occupied)
    one_line_failure(*run("keys", "list", env=env), "TRICHOME_DATA_DIR", str(occupied))


def test_a_bad_setting_is_one_line_naming_the_variable(tmp_path: Path) -> None:
    env = trichome_env(tmp_path, chat_port="eighty")
    one_line_failure(*run("keys", "list", env=env), "TRICHOME_CHAT_PORT", "'eighty'")


def test_an_export_file_that_cannot_be_written_is_named(tmp_path: Path) -> None:
    env = trichome_env(tmp_path)
    target = tmp_path / "no-such-dir" / "threads.jsonl"
    one_line_failure(*run("kb", "export", str(target), env=env), str(target))


def test_an_import_file_that_is_not_there_is_named(tmp_path: Path) -> None:
    env = trichome_env(tmp_path)
    missing = tmp_path / "threads.jsonl"
    one_line_failure(*run("kb", "import", str(missing), env=env), str(missing), "check the path")


def test_blank_names_and_addresses_are_refused(tmp_path: Path) -> None:
    env = trichome_env(tmp_path)
    status, stderr = run("keys", "create", "--org", " ", "--tier", "free", env=env)
    assert status == 2 and "--org: must not be blank" in stderr and "Traceback" not in stderr
    status, stderr = run("dashboard", "login-link", "--email", "bob", env=env)
    assert status == 2 and "not an email address" in stderr
