"""What reaches an agent's turn and what a search finds: text analysis (stems, CJK bigrams), the
in-memory recall index and service with its trace, snippets, and the Whoosh index for explicit search."""
