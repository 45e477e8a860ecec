"""How much of a text search and recall read (kept apart from the analyzer, which loads the
stemmer, so the fact parser can name the limit without loading it).

A hand-written 20 MB title must not cost seconds per prompt, nor 70,000 repeats of a word
overflow Whoosh's counters; facts written through Context Center stay far below (a body is at
most 60,000 characters)."""

MAX_ANALYZED_CHARS = 65_536
MAX_WORD_CHARS = 64   # a longer "word" (a 5 MB run of one letter) is cut; Snowball is quadratic on it
