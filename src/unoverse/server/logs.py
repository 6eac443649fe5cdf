"""The server's log: one JSON object per line, for every request and every room event.

A line holds the time, the level, the event (the log message) and the fields passed as
``extra`` (``log.info("deal", extra={"room": code, "game": 7})``).
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Final

#: The attributes every ``LogRecord`` has: what is not one of them came in ``extra``.
_STANDARD: Final = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime"}


class JsonLines(logging.Formatter):
    """A record as one JSON line."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and key != "color_message":  # uvicorn's, with colour codes
                line[key] = value
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str, ensure_ascii=False)


def configure(level: str = "info") -> None:
    """Send the server's and uvicorn's logs to standard error as JSON lines."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines())
    for name in ("unoverse", "uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level.upper())
        logger.propagate = False
    logging.getLogger("uvicorn.access").disabled = True  # one line per request is ours
