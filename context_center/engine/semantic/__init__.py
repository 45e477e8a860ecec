"""The semantic leg of search: facts and queries as vectors of what they mean, beside BM25's words."""
