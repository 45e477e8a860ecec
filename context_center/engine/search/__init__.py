"""Explicit search: the persistent Whoosh index of the facts, its BM25F scoring, the query and its snippets."""
