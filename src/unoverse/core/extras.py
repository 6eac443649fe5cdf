"""The error a package of an optional extra raises when the extra is not installed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def needs_extra(package: str, extra: str, modules: tuple[str, ...]) -> Iterator[None]:
    """Run the imports of ``package`` (``unoverse.rl``, say); if one of ``modules`` — the
    extra's own packages — is missing, raise ``ModuleNotFoundError`` saying which extra to
    install. Any other missing module is a defect, raised as it is."""
    try:
        yield
    except ModuleNotFoundError as exc:
        missing = (exc.name or "").partition(".")[0]
        if missing not in modules:
            raise
        raise ModuleNotFoundError(
            f"{package} needs its extra: pip install 'unoverse[{extra}]' (no module {missing!r})",
            name=missing,
        ) from exc
