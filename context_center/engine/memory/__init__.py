"""Background memory: fact files and their format, the vocabulary of a fact (fields, freshness,
sensitive content), the store with revisions and archive, the rules of every write (memory_service),
overrides, MEMORY.md, and adopting an earlier project folder."""
