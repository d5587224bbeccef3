"""Regenerate the README's configuration table from the settings object (`make docs`)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from trichome.config import settings_reference

README = Path(__file__).resolve().parent.parent / "README.md"
SECTION = re.compile(r"(<!-- settings:start -->\n).*?(<!-- settings:end -->)", re.S)


def synced(text: str) -> str:
    """The README text with its settings section replaced by the generated table."""
    return SECTION.sub(lambda m: f"{m.group(1)}{settings_reference()}\n{m.group(2)}", text)


def main() -> int:
    text = README.read_text(encoding="utf-8")
    updated = synced(text)
    if updated != text:
        README.write_text(updated, encoding="utf-8")
        print("README.md: settings table updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
