"""Text as every room reads it: words (with CJK bigrams and stems), bounds on what is analysed,
and snippets for showing a match. Below memory, recall and search; imports nothing of the engine."""
