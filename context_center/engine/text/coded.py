"""A sentence the engine says, with its code and values, so that a face words it in its own
language: the English sentence is the ``str`` itself (the command line, the JSON and agents read
it); ``code`` and ``fields`` say it again. Each room keeps its own table of sentences by code (a
subclass's :attr:`Coded.TABLE`); a sentence written as a plain string has no code and is shown as
it is. Through JSON a sentence keeps its code with :func:`coded_json`.
"""
from __future__ import annotations

from typing import Any, ClassVar


class Coded(str):
    """The sentence of ``TABLE[code]`` with ``fields`` put in."""

    TABLE: ClassVar[dict[str, str]] = {}
    code: str
    fields: tuple[tuple[str, str], ...]

    def __new__(cls, code: str, **fields: Any) -> Coded:
        # a field that is itself a coded sentence stays one: a face words it in its own language too
        values = {name: value if isinstance(value, Coded) else str(value) for name, value in fields.items()}
        reason = super().__new__(cls, cls.sentence(code, values))
        reason.code, reason.fields = code, tuple(values.items())
        return reason

    @classmethod
    def sentence(cls, code: str, values: dict[str, str]) -> str:
        return cls.TABLE[code].format_map(values)

    def __reduce__(self) -> tuple[Any, ...]:   # (a copy or a pickle is made again from its code)
        return _remade, (type(self), self.code, self.fields)


def _remade(kind: type[Coded], code: str, fields: tuple[tuple[str, str], ...]) -> Coded:
    return kind(code, **dict(fields))


def code_of(said: str) -> tuple[str, dict[str, str]]:
    """``said``'s code and fields (a field may itself be coded); ``("", {})`` for a sentence
    written as plain text."""
    if isinstance(said, Coded):
        return said.code, dict(said.fields)
    return "", {}


def coded_json(key: str, said: str | None) -> dict[str, Any]:
    """``{key: the sentence, key_code: its code, key_args: its values}`` (code and values None when
    it has none): how a coded sentence crosses JSON."""
    code, fields = code_of(said) if said is not None else ("", {})
    return {key: None if said is None else str(said), f"{key}_code": code or None, f"{key}_args": fields or None}
