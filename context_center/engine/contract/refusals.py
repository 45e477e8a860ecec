"""The context-eng error codes: every refusal an agent can be given, with the contract's meaning."""
from __future__ import annotations

import json

from ..errors import RefusedError
from ..memory.sensitive import mask_personal

CODES = (
    "INVALID_PROJECT_PATH",  # bind path is not an existing directory
    "PROJECT_NOT_BOUND",     # project access before binding
    "INVALID_SCOPE",         # create scope not global/project; search scope not both/global/project
    "INVALID_CATEGORY",      # bad name, or a named search/locate cannot find it in the selected scopes
    "INVALID_CATEGORIES",    # the list is not 1–4 unique names after normalizing
    "NEAR_CATEGORY",         # a new category too close to an existing one, without confirmNewCategory
    "INVALID_FILTER",        # subject/labels too long or too many; match not any/all; bad limit or active
    "INVALID_TIME",          # bad field/preset, preset with from/to, from after to, not ISO-8601
    "INVALID_SORT",          # by or order not allowed
    "INVALID_IMPORTANCE",    # not a number in 0–1
    "EMPTY_CONTENT",         # content empty after trim
    "NOT_ONE_SENTENCE",      # more than one claim
    "TOO_LONG",              # content over 800 tokens
    "NOT_FOUND",             # id or line missing in that category
    "AMBIGUOUS_LINE",        # the line matches several memories of the category
    "LINE_ID_MISMATCH",      # id and line name different memories
    "NOT_STAGING",           # delete of a promoted memory
    # ours, beyond the contract
    "SENSITIVE_CONTENT",     # a secret or an e-mail address in an agent's write
    "REVIEW_REQUIRED",       # the review policy keeps this for the user
    "READ_ONLY",             # the read-only policy refuses every write
)


SAID_CHARS = 80   # of a value said back to an agent


def json_type(value: object) -> str:
    """What JSON calls ``value``'s type: an agent sent JSON, and is answered in its words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, (list, tuple)) else "an object"


def said(value: object) -> str:
    """``value`` as the agent sent it, in JSON (``null``, ``true``, ``"both"``), never a Python
    repr (``None``, ``True``, ``'both'``); at most :data:`SAID_CHARS` characters."""
    if isinstance(value, str) and len(value) > SAID_CHARS:
        value = value[:SAID_CHARS]
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return json_type(value)
    text = text if len(text) <= SAID_CHARS else text[:SAID_CHARS - 1] + "…"
    return mask_personal(text)   # a key sent back into the agent's transcript is a key kept there


class AgentRefusal(RefusedError):
    """A refusal in the context-eng vocabulary; nothing was written."""

    def __init__(self, code: str, message: str) -> None:
        assert code in CODES, code
        super().__init__(message)
        self.code = code
