"""Grounded facts: the code a fact cites (``refs:``), the evidence recorded when it was written, and
what the work tree says of it now."""
