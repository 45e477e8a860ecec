"""Read and write fact files: YAML front matter in Reasonix's shape, then a Markdown body.

Reading accepts the nested (``metadata: {type, scope}``) and the flat (``type:``,
``scope:`` at top level) forms, and keeps every key it does not know verbatim so a
rewrite loses nothing another tool wrote. A file that cannot be parsed raises
:class:`FactFileError` with the line and reason; callers report it and never touch
the file.
"""
from __future__ import annotations

import datetime as dt
import functools
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from .. import clock
from ..records import Fact
from ..text.limits import MAX_ANALYZED_CHARS
from .fact_refs import from_front_matter, read_refs, to_front_matter
from .fields import TYPES, is_fact_id, legacy_fact_id, normalize_subject_key
from .front_matter import read_plain
from .limits import check_branch, check_worktree, written_limit
from .merge_conflict import find_merge_conflict

if TYPE_CHECKING:   # (YAML loads on first parse: a read from the catalog's snapshot needs none)
    import yaml


@functools.cache
def _loaders() -> tuple[type[yaml.SafeLoader], type[yaml.SafeLoader]]:
    """(YAML's safe loader, ours: every plain scalar stays a string, timestamps, yes/no and 0755
    included; only null resolves). Made on first use: a command that parses no file (they are
    read from the catalog's snapshot) never imports YAML, a tenth of its start."""
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    strings: type[yaml.SafeLoader] = type("_StringLoader", (base,), {})
    strings.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag == "tag:yaml.org,2002:null"]
        for first, resolvers in base.yaml_implicit_resolvers.items()
    }
    return base, strings

def load_yaml(text: str, *, plain_strings: bool = True) -> Any:
    """YAML as a file we read may hold it (a fact's front matter, an agent's memory, a rule file):
    no anchors or aliases, which no such file needs and which let a few hundred bytes stand for
    gigabytes once a value is turned into text (a "billion laughs"; a pulled 919-byte fact ran
    ``memory list`` out of memory). ``plain_strings``: every plain scalar stays a string.
    Raises ``yaml.YAMLError``."""
    import yaml

    loader = _loaders()[1 if plain_strings else 0]
    if "&" in text or "*" in text:   # only then can there be an anchor (a second, event-level pass)
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
                raise yaml.YAMLError("anchors and aliases (&name, *name) are not allowed here")
    try:
        return yaml.load(text, Loader=loader)
    except (ValueError, OverflowError) as exc:   # a timestamp no date holds (2026-02-30), typed by YAML's loader
        raise yaml.YAMLError(f"a value YAML reads as a date or a number cannot be one ({exc})") from None


KNOWN_KEYS = ("id", "revision", "created_at", "updated_at", "name", "title", "description",
              "keywords", "activation", "volatility", "subject_key", "expires_at",
              "last_verified_at", "category", "status", "worktree", "branch", "revision_note", "importance", "subject",
              "topics", "tags", "links", "refs", "refs_evidence")
LABEL_KEYS = ("topics", "tags", "links")
_FLAT_KEYS = ("type", "scope", "fact_type")
_FLAT = frozenset(_FLAT_KEYS)
_KNOWN = frozenset(KNOWN_KEYS) | _FLAT | {"metadata"}
_ID_SHAPE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$")
_TOP_KEY = re.compile(r"^([^\s#'\"][^:]*?)\s*:(\s|$)")


_BOMS = ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))


def decode_fact_bytes(raw: bytes) -> tuple[str, str]:
    """(text, encoding) by Reasonix's cascade: a BOM (UTF-8, UTF-16 LE or BE), else strict UTF-8,
    else GB18030. ``encoding`` is ``""`` for plain UTF-8. Unlike Reasonix we stop there (it ends in
    lossy UTF-8): bytes none of these decode raise :class:`UnicodeDecodeError` and the file stays
    a diagnostic, never silently mangled."""
    for bom, encoding in _BOMS:
        if raw.startswith(bom):
            return raw[len(bom):].decode(encoding), encoding + " with BOM"
    try:
        return raw.decode("utf-8"), ""
    except UnicodeDecodeError:
        pass
    return raw.decode("gb18030"), "GB18030"


class FactFileError(Exception):
    """The file cannot be read as a fact; ``line`` is 1-based in the file."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


def split_front_matter(text: str) -> tuple[str | None, str, int]:
    """(front matter or None, body, line number of the body's first line)."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n")
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != "---":
        return None, text, 1
    for index in range(1, len(lines)):
        if lines[index].rstrip() in ("---", "..."):
            return "\n".join(lines[1:index]), "\n".join(lines[index + 1:]), index + 2
    raise FactFileError(1, "front matter starts with --- but is never closed")


def _segments(lines: list[str]) -> dict[str, str]:
    """Top-level key → its verbatim text (the key line and the lines that continue it)."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines:
        match = _TOP_KEY.match(line)
        if match and not line[:1].isspace():
            current = found.setdefault(match.group(1).strip(), [])
            current.clear()
        if current is not None:
            current.append(line)
    return {key: "\n".join(seg).rstrip() for key, seg in found.items()}


def _metadata_segments(block: str) -> dict[str, str]:
    lines = block.split("\n")[1:]  # drop the "metadata:" line
    indents = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
    if not indents:
        return {}
    indent = min(indents)
    return _segments([line[indent:] for line in lines])


def _text(value: object, field: str) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value):
        return " ".join(str(v).strip() for v in value)
    raise FactFileError(1, f"{field} must be text, not {type(value).__name__}")


def _labels(value: object, field: str) -> tuple[str, ...]:
    """A label list as written: a YAML list of scalars, or one scalar."""
    if value is None or value == "":
        return ()
    if isinstance(value, list):
        if not all(isinstance(v, (str, int, float)) for v in value):
            raise FactFileError(1, f"{field} must be a list of words")
        return tuple(str(v).strip() for v in value if str(v).strip())
    if isinstance(value, (str, int, float)):
        return (str(value).strip(),)
    raise FactFileError(1, f"{field} must be a list of words, not {type(value).__name__}")


def _limit(value: object, field: str, check: Callable[[str], str], warnings: list[str]) -> str:
    """A worktree name or branch glob as written (one that is none matches nowhere, and is said)."""
    kept, warning = written_limit(_text(value, field), check)
    if warning:
        warnings.append(warning)
    return kept


def _importance(value: object, warnings: list[str]) -> float | None:
    text = _text(value, "importance")
    if not text:
        return None
    try:
        number = float(text)
    except ValueError:
        number = -1.0
    if not 0.0 <= number <= 1.0:
        warnings.append(f"importance {text!r} is not a number from 0 to 1; ignored")
        return None
    return number


def _yaml_front_matter(front_text: str) -> Any:
    import yaml

    try:
        return load_yaml(front_text) if front_text.strip() else {}
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = (mark.line + 2) if mark is not None else 1
        raise FactFileError(line, f"YAML front matter: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise FactFileError(1, f"YAML front matter: {exc}") from None


def parse_fact(text: str, *, path: Path, scope: str, mtime: float | None = None,
               name_from_file: bool = True, encoding: str = "") -> tuple[Fact, list[str]]:
    """Parse one fact file. Returns the fact and warnings (loaded with a default).

    An active fact's name is its file name (so its ref always resolves); archive
    entries and revision snapshots (``name_from_file=False``) keep the written name.
    """
    conflict = find_merge_conflict(text)
    if conflict is not None:   # two branches edited it: both sides are shown, neither is taken
        raise FactFileError(conflict.line, conflict.reason)
    front_text, body, _ = split_front_matter(text)
    warnings: list[str] = []
    data: dict = {}
    segments: dict[str, str] = {}
    if front_text is not None:
        plain = read_plain(front_text)   # the shape we write, read without YAML (front_matter.py)
        loaded = plain if plain is not None else _yaml_front_matter(front_text)
        if loaded is None:
            loaded = {}
        if not isinstance(loaded, dict):
            raise FactFileError(2, "front matter is not a mapping of keys to values")
        data = {str(k): v for k, v in loaded.items()}
        written_metadata = data.get("metadata")
        if plain is None or not _KNOWN.issuperset(data) or (
                isinstance(written_metadata, dict) and not _FLAT.issuperset(written_metadata)):
            # a key we do not know is kept verbatim; plain lines of known keys keep nothing
            segments = _segments(front_text.split("\n"))

    metadata = data.get("metadata") or {}
    if not isinstance(metadata, dict):
        raise FactFileError(2, "metadata must be a mapping")
    misplaced = [str(k) for k in metadata if str(k) in KNOWN_KEYS and str(k) not in _FLAT]
    if misplaced:   # (a hand-written title under metadata: was read as no title, without a word)
        warnings.append(f"{', '.join(misplaced)} under metadata: {'is' if len(misplaced) == 1 else 'are'} not read "
                        f"there; {'it belongs' if len(misplaced) == 1 else 'they belong'} at the top level of the "
                        "front matter, beside name (only type, scope and fact_type go under metadata:)")

    stem = path.stem
    name = _text(data.get("name"), "name") or stem
    if name != stem and name_from_file:
        warnings.append(f"name {name!r} differs from the file name; using {stem!r}")
        name = stem

    raw_type = (_text(metadata.get("fact_type"), "fact_type") or _text(data.get("fact_type"), "fact_type")
                or _text(metadata.get("type"), "type") or _text(data.get("type"), "type")).lower()
    fact_type = raw_type if raw_type in TYPES else "project"
    if raw_type and raw_type not in TYPES:
        warnings.append(f"unknown type {raw_type!r} (one of {', '.join(sorted(TYPES))}); treated as project")

    written_scope = (_text(metadata.get("scope"), "scope") or _text(data.get("scope"), "scope")).lower()
    if written_scope and written_scope != scope:
        warnings.append(f"scope {written_scope!r} contradicts its folder; treated as {scope}")

    raw_id = _text(data.get("id"), "id")
    legacy = False
    if raw_id and not (is_fact_id(raw_id) or _ID_SHAPE.match(raw_id)):
        warnings.append(f"id {raw_id!r} is malformed; using a legacy id")
        raw_id = ""
    if not raw_id:
        # Reasonix's rule, so whichever tool migrates first writes the same id: the written scope,
        # else global for user/feedback facts and project for the rest, whatever the folder
        id_scope = written_scope if written_scope in ("global", "project") else (
            "global" if fact_type in ("user", "feedback") else "project")
        raw_id, legacy = legacy_fact_id(id_scope, name), True
    try:
        revision = int(_text(data.get("revision"), "revision"))
        if revision < 1:
            raise ValueError
    except ValueError:
        revision, legacy = 1, True

    if not (data.get("created_at") and data.get("updated_at") and metadata.get("type")
            and metadata.get("scope")):
        legacy = True  # migration writes the full, nested front matter once
    created = _text(data.get("created_at"), "created_at") or (   # the file's own time, only when unwritten
        clock.format_timestamp(dt.datetime.fromtimestamp(mtime, clock.UTC)) if mtime else "")
    updated = _text(data.get("updated_at"), "updated_at") or created

    activation = _text(data.get("activation"), "activation").lower()
    if activation and activation not in ("pinned", "relevant"):
        warnings.append(f"unknown activation {activation!r} (pinned or relevant); treated as unset")
        activation = ""
    volatility = _text(data.get("volatility"), "volatility").lower()
    if volatility and volatility not in ("evergreen", "stable", "volatile"):
        warnings.append(f"unknown volatility {volatility!r} (evergreen, stable or volatile); treated as unset")
        volatility = ""
    expires = _text(data.get("expires_at"), "expires_at")
    if expires.lower() in ("never", "none"):
        expires = ""
    # A hand-written date: Reasonix's loader reads only RFC 3339 (no expiry to it), its commands
    # write RFC 3339. We read it as the end of that day, UTC, and a rewrite writes it so, in
    # RFC 3339, which both tools then read alike.
    # (A date that is no day, 2026-02-30, is kept as written: no expiry to either tool.)
    ended = clock.end_of_day(expires)
    if ended != expires:
        expires = ended
    elif expires and clock.parse_timestamp(expires) is None:
        warnings.append(f"expires_at {expires!r} is not a date; ignored")
        expires = ""

    written_subject = _text(data.get("subject_key"), "subject_key")
    subject_key = normalize_subject_key(written_subject)  # read normalized, written normalized
    if written_subject and not subject_key:
        warnings.append(f"subject key {written_subject!r} has no letters or digits; ignored")

    extra = tuple((k, segments[k]) for k in segments if k not in _KNOWN)
    meta_extra: tuple[tuple[str, str], ...] = ()
    if "metadata" in segments:
        meta_segments = _metadata_segments(segments["metadata"])
        meta_extra = tuple((k, v) for k, v in meta_segments.items() if k not in _FLAT_KEYS)

    for field, value in (("title", data.get("title")), ("description", data.get("description")),
                         ("keywords", data.get("keywords")), ("body", body)):
        if isinstance(value, str) and len(value) > MAX_ANALYZED_CHARS:
            warnings.append(f"{field} is {len(value):,} characters; search and recall read its first "
                            f"{MAX_ANALYZED_CHARS:,} (the file keeps all of it)")
    worktree = _limit(data.get("worktree"), "worktree", check_worktree, warnings)
    branch = _limit(data.get("branch"), "branch", check_branch, warnings)
    if scope == "global" and (worktree or branch):
        warnings.append("a worktree or branch limit on a global fact is ignored (a global fact has no repository)")
        worktree = branch = ""
    refs = _labels(data.get("refs"), "refs")
    if refs and scope == "global":
        warnings.append("refs on a global fact are not checked (a global fact has no one workspace)")
    refs_evidence, problems = from_front_matter(data.get("refs_evidence"))
    warnings += problems + read_refs(refs)[1]
    fact = Fact(
        id=raw_id, revision=revision, name=name,
        title=_text(data.get("title"), "title"),
        description=_text(data.get("description"), "description"),
        type=fact_type, scope=scope,
        body=body.lstrip("\n").rstrip(),
        created_at=created, updated_at=updated,
        keywords=" ".join(_text(data.get("keywords"), "keywords").split()),
        activation=activation, volatility=volatility,
        subject_key=subject_key,
        expires_at=expires,
        last_verified_at=_text(data.get("last_verified_at"), "last_verified_at"),
        category=_text(data.get("category"), "category"),
        status=_text(data.get("status"), "status").lower(),
        worktree=worktree, branch=branch,
        importance=_importance(data.get("importance"), warnings),
        subject=_text(data.get("subject"), "subject"),
        topics=_labels(data.get("topics"), "topics"),
        tags=_labels(data.get("tags"), "tags"),
        links=_labels(data.get("links"), "links"),
        refs=refs, refs_evidence=refs_evidence,
        revision_note=_text(data.get("revision_note"), "revision_note"),
        encoding=encoding,
        path=path, legacy=legacy, extra=extra, metadata_extra=meta_extra,
    )
    return fact, warnings


def metadata_entry(key: str, value: object) -> tuple[str, str]:
    """``(key, verbatim YAML)`` for one key under ``metadata:``, as ``Fact.metadata_extra`` holds it."""
    import yaml

    text = yaml.safe_dump({key: value}, allow_unicode=True, sort_keys=False, default_flow_style=False,
                          width=1_000_000)
    return key, text.rstrip("\n")


def metadata_value(fact: Fact, key: str) -> object | None:
    """The value of ``key`` under the fact's ``metadata:`` (None when absent or unreadable)."""
    import yaml

    for name, text in fact.metadata_extra:
        if name == key:
            try:
                loaded = load_yaml(text)
            except yaml.YAMLError:
                return None
            return loaded.get(key) if isinstance(loaded, dict) else None
    return None


# What YAML cannot hold as it is (outside its printable set) or would read as a line break:
# DEL, the C1 controls (NEL too), U+2028/U+2029, U+FFFE/U+FFFF. Written escaped, read back exact.
_UNPRINTABLE = re.compile("[\x7f-\x9f\u2028\u2029\ufffe\uffff]")


def _escape_unprintable(quoted: str) -> str:
    return _UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", quoted)


def yaml_scalar(value: str) -> str:
    """A YAML scalar (for a front matter line) that reads back as exactly ``value``."""
    return _scalar(value)


def _scalar(value: str) -> str:
    """A YAML scalar that reads back as exactly ``value`` (plain when safe, else double-quoted,
    with what YAML cannot hold raw escaped)."""
    plain_ok = (value == value.strip() and "\n" not in value and value[:1] not in "-?:,[]{}#&*!|>'\"%@`"
                and ": " not in value and " #" not in value and not value.endswith(":")
                and not _UNPRINTABLE.search(value))
    if plain_ok:
        import yaml

        try:
            standard = yaml.load(value, Loader=_loaders()[0])
        except (yaml.YAMLError, ValueError, OverflowError):   # 2026-02-30: a date YAML cannot make; quoted
            standard = None
        if standard == value or isinstance(standard, (dt.date, dt.datetime)):
            return value
    return _escape_unprintable(json.dumps(value, ensure_ascii=False))


def routing_type(fact: Fact) -> str:
    """``metadata.type`` for old clients, which route a fact to a folder by it."""
    if fact.scope == "global":
        return fact.type if fact.type in ("user", "feedback") else "user"
    return fact.type if fact.type in ("project", "reference") else "project"


def render_fact(fact: Fact) -> str:
    """The full file text for ``fact``: keys in Reasonix's order, empty optional keys omitted."""
    lines = ["---", f"id: {_scalar(fact.id)}", f"revision: {fact.revision}",
             f"created_at: {_scalar(fact.created_at)}", f"updated_at: {_scalar(fact.updated_at)}",
             f"name: {_scalar(fact.name)}"]
    if fact.title:  # a missing title stays missing: Reasonix matches overrides on a written one
        lines.append(f"title: {_scalar(fact.title)}")
    lines.append(f"description: {_scalar(fact.description)}")
    for key in ("keywords", "activation", "volatility", "subject_key", "expires_at",
                "last_verified_at", "category", "status", "worktree", "branch", "revision_note"):
        value = getattr(fact, key)
        if value:
            lines.append(f"{key}: {_scalar(value)}")
    if fact.importance is not None:
        lines.append(f"importance: {fact.importance:g}")
    if fact.subject:
        lines.append(f"subject: {_scalar(fact.subject)}")
    for key in LABEL_KEYS:
        values = getattr(fact, key)
        if values:  # a JSON array is a YAML flow sequence
            lines.append(f"{key}: {_escape_unprintable(json.dumps(list(values), ensure_ascii=False))}")
    if fact.refs:
        lines.append(f"refs: {_escape_unprintable(json.dumps(list(fact.refs), ensure_ascii=False))}")
    if fact.refs_evidence:   # JSON is YAML's flow style: one line per fact, read back exactly
        lines.append("refs_evidence: " + _escape_unprintable(
            json.dumps(to_front_matter(fact.refs_evidence), ensure_ascii=False)))
    lines.extend(text for _, text in fact.extra)
    lines += ["metadata:", f"  type: {routing_type(fact)}", f"  scope: {fact.scope}"]
    if routing_type(fact) != fact.type:
        lines.append(f"  fact_type: {fact.type}")
    for _, text in fact.metadata_extra:
        lines.extend("  " + line for line in text.split("\n"))
    lines += ["---", ""]
    body = fact.body.strip("\n").rstrip()
    if body:
        lines.append(body)
        lines.append("")
    return "\n".join(lines)
