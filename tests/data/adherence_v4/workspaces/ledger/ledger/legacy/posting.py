"""Frozen 2019 posting engine. Do not change; see CLAUDE.md."""
from decimal import Decimal


def post(entries):
    total = sum((e.amount for e in entries), Decimal("0"))
    if total != 0:
        raise ValueError("unbalanced entry set")
    return entries
