"""The context-eng error codes: every refusal an agent can be given, with the seed's meaning."""
from __future__ import annotations

from ..errors import RefusedError

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
    # ours, beyond the seed
    "SENSITIVE_CONTENT",     # a secret or an e-mail address in an agent's write
    "REVIEW_REQUIRED",       # the review policy keeps this for the user
    "READ_ONLY",             # the read-only policy refuses every write
)


class AgentRefusal(RefusedError):
    """A refusal in the context-eng vocabulary; nothing was written."""

    def __init__(self, code: str, message: str) -> None:
        assert code in CODES, code
        super().__init__(message)
        self.code = code
