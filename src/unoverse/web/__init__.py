"""The browser client: the page the server serves at ``/`` (``static/``: ES modules, styles,
and the vendored Preact with htm). No build step; nothing loads from another origin."""

from pathlib import Path
from typing import Final

#: The client's files.
STATIC: Final = Path(__file__).resolve().parent / "static"
