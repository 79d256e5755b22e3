"""Reading the files users give and writing saves: the one place meikyu touches user files.

Reading is bounded and forgiving about encodings; writing never destroys the previous save.

- :func:`read_text` reads at most :data:`MAX_FILE_BYTES` and decodes UTF-8 (with or without a BOM),
  UTF-16 / UTF-32 with a BOM, and, when the bytes are not UTF-8, Korean CP949 or Japanese Shift-JIS
  if one of them reads cleanly as text in its own script. Anything else is a
  :class:`~meikyu.errors.DataError` naming the file and saying to save it as UTF-8.
- :func:`parse_json` / :func:`parse_toml` turn text into plain data; broken syntax, nesting deeper than
  :data:`MAX_DEPTH` and integers beyond :data:`MAX_INT` are errors naming the file, never tracebacks.
- :func:`named_path` resolves a path written *inside* a file (an encounter's ``bestiary = "…"``): it
  must stay inside the folder of the file that names it.
- :func:`write_atomic` writes a save to a temporary file in the same folder, flushes, fsyncs and
  renames it over the target, so a full disk or a killed process leaves the old save whole.
  :func:`check_writable` asks the folder up front, before a session is played.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> save = folder / "save.json"
>>> check_writable(save)                      # before the game starts
>>> write_atomic(save, '{"turn": 1}')
>>> parse_json(read_text(save), str(save))
{'turn': 1}
>>> _ = save.write_bytes("title = '버섯골'".encode("cp949"))   # a file from a Korean editor
>>> parse_toml(read_text(save), str(save))
{'title': '버섯골'}
>>> named_path(save, "../elsewhere.toml")  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
meikyu.errors.DataError: ...
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import json
import os
import stat
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from meikyu.errors import DataError

MAX_FILE_BYTES = 4 << 20
"""Largest user file read (4 MiB): sheets, books, cards, scripts and saves are far smaller."""

MAX_DEPTH = 64
"""Deepest nesting of tables / lists accepted in a data file or save."""

MAX_INT = 10**15
"""Largest integer (in absolute value) accepted in a data file or save."""

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def _korean(ch: str) -> bool:
    """A character of the KS X 1001 set (EUC-KR: the 2,350 common syllables, hanja, kana, symbols).

    CP949's extra 8,822 syllables are rare in real text but are what Shift-JIS bytes read as in CP949.
    """
    code = ch.encode("cp949")
    return len(code) == 2 and code[0] >= 0xA1 and code[1] >= 0xA1


def _japanese(ch: str) -> bool:
    """Kana, kanji, CJK punctuation or full-width forms (not half-width katakana)."""
    return "\u3000" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" or "\uff01" <= ch <= "\uff5e"


_LEGACY: tuple[tuple[str, Callable[[str], bool]], ...] = (("cp949", _korean), ("shift_jis", _japanese))


def _legacy(raw: bytes) -> str | None:
    """CP949 or Shift-JIS text, when one of them reads as text in its own script (≥ 90 % of the
    non-ASCII characters); the better-scoring one wins. None when neither does."""
    best: tuple[float, str] | None = None
    for codec, plausible in _LEGACY:
        try:
            text = raw.decode(codec)
        except UnicodeDecodeError:
            continue
        wide = [ch for ch in text if ord(ch) > 0x7F]
        if not wide:
            continue
        score = sum(1 for ch in wide if plausible(ch) or ch in "·…‘’“”") / len(wide)
        if score >= 0.9 and (best is None or score > best[0]):
            best = (score, text)
    return None if best is None else best[1]


def decode(raw: bytes, file: str) -> str:
    """Bytes of a user file as text (see the module docstring for the encodings tried).

    >>> decode("ダンジョン".encode("shift_jis"), "a.toml")
    'ダンジョン'
    >>> decode("name".encode("utf-16"), "a.toml")
    'name'
    >>> decode(b"\\x80\\xff", "a.toml")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    meikyu.errors.DataError: a.toml: the text is not UTF-8 ...
    """
    for bom, codec in _BOMS:
        if raw.startswith(bom):
            try:
                return raw.decode(codec)
            except UnicodeDecodeError as exc:
                raise DataError("error.file.encoding", file=file, byte=f"0x{raw[exc.start]:02X}",
                                offset=exc.start) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        text = _legacy(raw)
        if text is None:
            raise DataError("error.file.encoding", file=file, byte=f"0x{raw[exc.start]:02X}",
                            offset=exc.start) from None
        return text


def read_bytes(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """At most ``limit`` bytes of ``path``; a longer file, a folder, a missing file or anything that is not
    a regular file (a named pipe, a device, a socket) is a :class:`DataError`, at once.

    >>> read_bytes("/dev/null")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    meikyu.errors.DataError: /dev/null: not a regular file ...
    """
    p = Path(path)
    try:
        # O_NONBLOCK: a named pipe opens at once instead of waiting for a writer that may never come
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise DataError("error.file.unreadable", file=str(p), reason=exc.strerror or type(exc).__name__) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise DataError("error.file.unreadable", file=str(p), reason=os.strerror(errno.EISDIR))
        if not stat.S_ISREG(mode):
            raise DataError("error.file.not_regular", file=str(p))
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb") as f:
            fd = -1  # the file object closes it now
            raw = f.read(limit + 1)
    except OSError as exc:
        raise DataError("error.file.unreadable", file=str(p), reason=exc.strerror or type(exc).__name__) from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(raw) > limit:
        raise DataError("error.file.too_large", file=str(p), limit=limit)
    return raw


def read_text(path: str | Path, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a user file, bounded in size and decoded (see :func:`decode`)."""
    return decode(read_bytes(path, limit), str(path))


def check_plain(data: Any, file: str) -> Any:
    """``data`` itself, after checking its nesting depth and integer sizes (iteratively, no recursion)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                raise DataError("error.file.too_deep", file=file, limit=MAX_DEPTH)
            stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
            raise DataError("error.file.big_number", file=file, limit=MAX_INT)
    return data


def _syntax(file: str, kind: str, exc: Exception) -> DataError:
    if isinstance(exc, RecursionError):
        return DataError("error.file.too_deep", file=file, limit=MAX_DEPTH)
    if isinstance(exc, ValueError) and "digits" in str(exc):  # Python's own limit on int conversion
        return DataError("error.file.big_number", file=file, limit=MAX_INT)
    return DataError("error.file.syntax", file=file, kind=kind, reason=str(exc))


def parse_json(text: str, file: str) -> Any:
    """JSON text as plain data, checked by :func:`check_plain`; errors name ``file``."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        raise _syntax(file, "JSON", exc) from None
    return check_plain(data, file)


def parse_toml(text: str, file: str) -> dict[str, Any]:
    """TOML text as a dict, checked by :func:`check_plain`; errors name ``file``."""
    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # TOMLDecodeError is a ValueError
        raise _syntax(file, "TOML", exc) from None
    return check_plain(data, file)  # type: ignore[no-any-return]


def parse_data(text: str, file: str) -> Any:
    """JSON for a ``.json`` file, TOML otherwise."""
    return parse_json(text, file) if str(file).lower().endswith(".json") else parse_toml(text, file)


def named_path(owner: str | Path, name: str) -> Path:
    """The file ``name`` that the file ``owner`` refers to, resolved in ``owner``'s folder.

    Absolute paths, ``..`` and links that lead out of that folder are refused, so a shared encounter
    cannot make meikyu read ``/dev/zero`` or someone's home folder.

    >>> named_path("/games/cave/encounter.toml", "beasts/bestiary.toml").as_posix()
    '/games/cave/beasts/bestiary.toml'
    """
    folder = Path(owner).parent
    target = folder / name
    try:
        inside = Path(name).is_absolute() is False and target.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError, ValueError):
        inside = False
    if not inside:
        raise DataError("error.file.outside", file=str(owner), name=name)
    return target


def check_writable(path: str | Path) -> None:
    """Refuse now, before a session is played, a save path that could not be written later.

    The folder must exist and take a new file (tried for real); the path must not be a folder.
    """
    p = Path(path)
    if p.is_dir():
        raise DataError("error.file.unwritable", file=str(p), reason="is a folder")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".check", dir=p.parent or ".")
    except OSError as exc:
        raise DataError("error.file.unwritable", file=str(p), reason=exc.strerror or type(exc).__name__) from None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(tmp)


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that it is either the old file or the whole new one.

    A temporary file in the same folder is written, flushed and fsynced, then renamed over ``path``
    (``os.replace``); on any failure it is removed and a :class:`DataError` says the old save is intact.
    """
    write_atomic_bytes(path, text.encode("utf-8", "backslashreplace"))


def write_out(path: str | Path | None, text: str) -> None:
    """``text`` into the file ``path`` (as :func:`write_atomic` writes) or, with no path, to standard output:
    what a ``new``/``schema`` command's ``--out`` chooses."""
    if path:
        write_atomic(path, text)
    else:
        import sys

        sys.stdout.write(text)


def write_atomic_bytes(path: str | Path, data: bytes) -> None:
    """:func:`write_atomic` for bytes (a zip)."""
    p = Path(path)
    try:
        mode = p.stat().st_mode & 0o777
    except OSError:
        mode = 0o666 & ~_umask()
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent or ".")
    except OSError as exc:
        raise DataError("error.file.unwritable", file=str(p), reason=exc.strerror or type(exc).__name__) from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, p)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise DataError("error.file.write_failed", file=str(p), reason=exc.strerror or type(exc).__name__) from None
    with contextlib.suppress(OSError):  # make the rename itself durable
        dir_fd = os.open(p.parent or ".", os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def write_json(path: str | Path, data: Any, indent: int | None = None) -> None:
    """:func:`write_atomic` of ``data`` as JSON (UTF-8 text; ``\\u`` escapes only where text cannot be UTF-8)."""
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate somewhere: keep the save valid JSON
        text = json.dumps(data, ensure_ascii=True, indent=indent)
    write_atomic(path, text)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
