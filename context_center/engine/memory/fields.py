"""The vocabulary of a fact: enums, names, ids and subject keys, and their validation."""
from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from typing import Callable

from ..errors import InvalidInput
from ..storage.paths import SCOPES, bounded_stem

TYPES = ("user", "feedback", "project", "reference")
ACTIVATIONS = ("relevant", "pinned")
VOLATILITIES = ("evergreen", "stable", "volatile")
FRESHNESS_STATES = ("fresh", "current", "stale", "expired")
# what a face offers for each field: one place, so the form, the filters and the checks agree
FACT_CHOICES = {"type": TYPES, "scope": SCOPES, "activation": ACTIVATIONS, "volatility": VOLATILITIES,
                "freshness": FRESHNESS_STATES}

_ID_RE = re.compile(r"^(mem-[0-9a-f]{32}|legacy-[0-9a-f]{24})$")
# The store is portable: a name must be a file name on Windows and macOS too.
_WINDOWS_FORBIDDEN = set('<>:"|?*')
_WINDOWS_DEVICES = {"CON", "PRN", "AUX", "NUL", *(f"COM{n}" for n in range(1, 10)), *(f"LPT{n}" for n in range(1, 10))}
_NAME_RE = re.compile(r"^[^\s/\\.][^/\\]*$")
# A name we create must leave room for every file it reaches: "<UTC stamp>-<name>-<n>.md" in the
# archive is 20 + name + 3 + 3 bytes, at most 255. Reasonix writes stems of up to 252 bytes; those are
# read and edited as they are (and archived under a bounded name).
MAX_NEW_NAME_BYTES = 229
MAX_STEM_BYTES = 252


def slug(text: str) -> str:
    """Lowercase; every run of non-letters/digits becomes ``-``; trimmed."""
    out: list[str] = []
    pending_dash = False
    for ch in text.strip().lower():
        if ch.isalnum():
            if pending_dash and out:
                out.append("-")
            pending_dash = False
            out.append(ch)
        else:
            pending_dash = True
    return "".join(out)


def new_fact_id() -> str:
    return "mem-" + secrets.token_hex(16)


def legacy_fact_id(scope: str, name: str) -> str:
    seed = f"reasonix-memory-v2\0{scope}\0{slug(name)}".encode("utf-8")
    return "legacy-" + hashlib.sha256(seed).hexdigest()[:24]


def is_fact_id(text: str) -> bool:
    return bool(_ID_RE.match(text))


def check_choice(field: str, value: str, choices: tuple[str, ...]) -> str:
    normalized = value.strip().lower()
    if normalized not in choices:
        raise InvalidInput(f"{field} must be one of {', '.join(choices)}; got {value!r}")
    return normalized


def check_name(name: str, *, max_bytes: int = MAX_NEW_NAME_BYTES) -> str:
    """A fact name becomes a file name: no separators, no leading dot, not MEMORY, and short
    enough in bytes for every file it reaches (``max_bytes``: a new name; an existing file's
    stem may be up to :data:`MAX_STEM_BYTES`, as Reasonix writes them)."""
    name = unicodedata.normalize("NFC", name.strip())
    if name.lower().endswith(".md"):
        name = name[:-3]
    if not name:
        raise InvalidInput("name must not be empty")
    size = len(name.encode("utf-8"))
    if size > max_bytes:
        raise InvalidInput(f"name is {size} bytes long in UTF-8; at most {max_bytes} fit a file name here")
    if not _NAME_RE.match(name) or any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
                                       for c in name):
        raise InvalidInput(
            f"name {name!r} cannot be a file name: no slashes, no leading dot or space, no control or "
            "invisible characters")
    if _WINDOWS_FORBIDDEN & set(name) or name.endswith((".", " ")) or is_reserved_name(name):
        raise InvalidInput(f"name {name!r} is not a file name on every system (Windows refuses < > : \" | ? *, "
                           "a trailing dot or space, and device names such as CON or NUL); choose another")
    if name.upper() == "MEMORY":
        raise InvalidInput("name MEMORY is reserved for the derived MEMORY.md index")
    if name.startswith("-"):   # `memory show -x` would be read as an option: it could be made, never shown
        raise InvalidInput(f"name {name!r} starts with '-', which a command line takes for an option; "
                           "start it with a letter or a digit")
    return name


def is_reserved_name(name: str) -> bool:
    """CON, nul, COM1.md… : device names Windows will not create, whatever the extension."""
    return name.split(".")[0].strip().upper() in _WINDOWS_DEVICES


def portable_name(name: str) -> str:
    """A name made from text (a slug) that every system can create: a device name gets a suffix."""
    return f"{name}-fact" if is_reserved_name(name) else name


def check_text(field: str, value: str) -> str:
    """Text that can be written as UTF-8: a lone surrogate (possible in JSON input) is refused."""
    if any("\ud800" <= ch <= "\udfff" for ch in value):
        raise InvalidInput(f"{field} holds a lone surrogate (U+D800–U+DFFF), which no file can store as UTF-8")
    return value


def normalize_subject_key(raw: str) -> str:
    """``' Project.Package Manager'`` → ``'project.package_manager'``.

    Lowercase, split on ``.``; in each segment keep ``[a-z0-9-]``, turn spaces and
    ``_`` into ``_``, trim ``_-``; drop empty segments.
    """
    segments = []
    for part in raw.lower().split("."):
        kept = "".join(
            c if ("a" <= c <= "z" or "0" <= c <= "9" or c == "-") else "_"
            for c in part if c in " _-" or "a" <= c <= "z" or "0" <= c <= "9")
        kept = kept.strip("_-")
        if kept:
            segments.append(kept)
    return ".".join(segments)


def check_subject_key(raw: str) -> str:
    """Normalize, refusing a non-empty key that normalizes to nothing (upstream drops it silently)."""
    if not raw.strip():
        return ""
    key = normalize_subject_key(raw)
    if not key:
        raise InvalidInput(
            f"subject key {raw!r} has no ASCII letters or digits, so it cannot identify a subject; "
            "use a dotted key such as project.package_manager")
    return key


def normalize_keywords(raw: str) -> str:
    """One line of space-separated aliases, duplicates dropped, order kept."""
    seen: dict[str, None] = {}
    for word in raw.replace(",", " ").split():
        seen.setdefault(word, None)
    return " ".join(seen)


def normalize_title(title: str) -> str:
    return " ".join(title.lower().split())


def free_name(name: str, taken: Callable[[str], bool], *, first: int = 1) -> str:
    """``name``, else ``name-2``, ``name-3``…: the first that ``taken`` says is free (from
    ``name-{first}`` when ``first`` > 1), each a fact file's stem (a long one keeps its start and a
    hash). The one rule for the next free name: a write, a review's split, an accepted suggestion
    and a sync conflict's other version all name a fact by it."""
    number = first
    candidate = name if number <= 1 else bounded_stem(f"{name}-{number}")
    while taken(candidate):
        number = max(number, 1) + 1
        candidate = bounded_stem(f"{name}-{number}")
    return candidate
