"""What is worked out once per fact and kept with it: its freshness moments, its identity keys and
its secret findings. Each is computed by its own rule (freshness.py, overrides.py, sensitive.py)
on first use and kept in the fact's ``__dict__``; the folder snapshot carries them (storage packs
what :func:`derived_state` gives), so an open of 100,000 facts parses no timestamp and scans no
text again."""
from __future__ import annotations

from typing import Any

from ..records import Fact
from .freshness import freshness_moments
from .overrides import identity_keys
from .sensitive import secret_findings

DERIVED = ("freshness_moments", "identity_keys", "secret_findings")
_RULES = (freshness_moments, identity_keys, secret_findings)


def derived_state(fact: Fact) -> dict[str, Any]:
    """name → value of each derived value, worked out now where it was not yet."""
    return {name: rule(fact) for name, rule in zip(DERIVED, _RULES)}
