"""Tokens, stopwords, stemming and query terms."""
import pytest

from context_center.engine.text.analysis import query_terms, stem, tokenize


def test_cjk_runs_become_overlapping_bigrams():
    assert tokenize("如何优化项目记忆") == ["如何", "何优", "优化", "化项", "项目", "目记", "记忆"]


def test_a_lone_cjk_character_stays_one_token_and_scripts_separate():
    assert tokenize("用 pnpm 安装") == ["用", "pnpm", "安装"]
    assert tokenize("日本語のテスト") == ["日本", "本語", "語の", "のテ", "テス", "スト"]


def test_words_are_lowercased_and_keep_digits_and_underscores():
    assert tokenize("Release_Branch v2.1 #6928", stemmed=False) == ["release_branch", "v2", "1", "6928"]


@pytest.mark.parametrize("one, other", [("panics", "panic"), ("deploying", "deployed"), ("running", "runs"),
                                        ("retries", "retry"), ("classes", "class"), ("migrations", "migrate")])
def test_inflections_share_a_stem(one, other):
    assert stem(one) == stem(other)


@pytest.mark.parametrize("one, other", [("status", "stat"), ("thing", "thin"), ("news", "new")])
def test_different_words_keep_different_stems(one, other):
    assert stem(one) != stem(other)


def test_short_non_ascii_and_alphanumeric_words_are_not_stemmed():
    assert [stem(w) for w in ("pnpm", "ist", "v2ing", "café")] == ["pnpm", "ist", "v2ing", "café"]


def test_query_terms_know_stopwords_and_distinctive_words():
    terms = {t.word: t for t in query_terms("fix AuthHandler in the #deploy of api_v2 for 6928")}
    assert terms["the"].stopword and terms["for"].stopword and not terms["fix"].stopword
    assert terms["AuthHandler"].distinctive and terms["#deploy"].distinctive
    assert terms["api_v2"].distinctive and terms["6928"].distinctive and not terms["fix"].distinctive
    assert terms["AuthHandler"].term == stem("authhandler") and terms["#deploy"].term == "deploy"


def test_chinese_function_words_are_stopwords():
    terms = {t.term: t.stopword for t in query_terms("我们的项目")}
    assert terms["我们"] and not terms["项目"]


def test_the_c_stemmer_stems_as_the_pure_python_one():
    """snowballstemmer hands its work to PyStemmer when it is installed (a dependency, for speed);
    the index a machine without it built must read the same on one with it, so the stems must be
    the same: every word of the labelled sets and of LoCoMo's sample is stemmed both ways."""
    import json
    import re
    from pathlib import Path

    import pytest
    from snowballstemmer.english_stemmer import EnglishStemmer

    stemmer = pytest.importorskip("Stemmer")
    root = Path(__file__).resolve().parents[3]
    words: set[str] = set()
    for path in [*(root / "tests" / "data").rglob("*.json*"), *(root / "docs").rglob("*.md")]:
        words.update(re.findall(r"[a-z]+", path.read_text(encoding="utf-8", errors="replace").lower()))
    assert len(words) > 3000
    c, python = stemmer.Stemmer("english"), EnglishStemmer()
    differ = [word for word in sorted(words) if c.stemWord(word) != python.stemWord(word)]
    assert not differ, json.dumps(differ[:20])
