"""The window in Simplified Chinese: every word the window writes has a translation (lupdate finds
none unfinished, and the committed .ts is the window's words as they are), the translations keep
each {field}, tag and mnemonic, the locale chooses the language, refusals are worded from their
code, and a window made in Chinese shows no English word of its own."""
from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QLocale, QSettings  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractButton,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTabWidget,
    QWidget,
)

from context_center.engine import EngineError, FactInput, NotFound, open_engine  # noqa: E402
from context_center.ui import language, messages  # noqa: E402
from support.resources_compiler import loaded_compiler  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "resources" / "translations" / "context_center_zh_CN.ts"
# Texts that are the same in both languages: names, codes, what the user typed
ALLOWED = {"Context Center", "Reasonix", "Claude Code", "Codex", "GitHub Copilot", "Gemini CLI", "Cursor", "Windsurf",
           "AGENTS.md", "CLAUDE.md", "MCP", "git", "English", "简体中文", "#", "OK"}


@pytest.fixture(scope="module")
def compiler():
    yield from loaded_compiler("resources_compile_tr")


def pairs(ts: Path) -> list[tuple[str, str]]:
    return [(m.findtext("source") or "", m.findtext("translation") or "")
            for m in ET.parse(ts).getroot().iter("message")]


def test_lupdate_finds_every_word_of_the_window_translated(compiler, tmp_path):
    """Run `python resources/compile.py --lupdate`, translate what it leaves unfinished, commit."""
    copy = tmp_path / TS.name
    shutil.copy(TS, copy)
    compiler.lupdate(ROOT, copy)
    assert compiler.unfinished(copy) == []
    assert sorted(s for s, _ in pairs(copy)) == sorted(s for s, _ in pairs(TS))   # nothing new, nothing gone
    assert len(pairs(TS)) > 500


def test_each_translation_keeps_its_fields_tags_and_mnemonic():
    wrong = []
    for source, translation in pairs(TS):
        fields = re.compile(r"\{[a-z_0-9]*\}")
        tags = re.compile(r"</?[a-z]+\b")
        if Counter(fields.findall(source)) != Counter(fields.findall(translation)):
            wrong.append(("fields", source, translation))
        if Counter(tags.findall(source)) != Counter(tags.findall(translation)):
            wrong.append(("tags", source, translation))
        mnemonic = re.search(r"&([A-Za-z0-9])", source.replace("&&", ""))
        if mnemonic and f"&{mnemonic.group(1)}".lower() not in translation.lower():
            wrong.append(("mnemonic", source, translation))
    assert wrong == []


def test_the_locale_chooses_the_language_and_a_setting_overrides_it():
    assert language.resolved("system", QLocale("zh_CN")) == "zh_CN"
    assert language.resolved("system", QLocale("zh_SG")) == "zh_CN"
    assert language.resolved("system", QLocale("zh_TW")) == "en"   # traditional script: not this translation
    assert language.resolved("system", QLocale("en_US")) == "en"
    assert language.resolved("system", QLocale("de_DE")) == "en"
    assert language.resolved("zh_CN", QLocale("en_US")) == "zh_CN"
    assert language.resolved("en", QLocale("zh_CN")) == "en"


def test_every_refusal_code_has_words_of_the_window():
    import importlib
    import pkgutil

    import context_center.engine as engine_package
    for info in pkgutil.walk_packages(engine_package.__path__, "context_center.engine."):
        importlib.import_module(info.name)

    def codes(cls: type) -> set[str]:
        return {cls.code, *(code for sub in cls.__subclasses__() for code in codes(sub))}
    assert codes(EngineError) <= set(messages.CODE_WORDS)


def _texts(widget: QWidget) -> list[str]:
    """Every text a person reads on ``widget`` and its children (menus and headers included)."""
    found: list[str] = [widget.windowTitle(), widget.toolTip()]
    for child in [widget, *widget.findChildren(QWidget)]:
        found.append(child.toolTip())
        if isinstance(child, QLabel):
            found.append(child.text())
        elif isinstance(child, QAbstractButton):
            found.append(child.text())
        elif isinstance(child, QGroupBox):
            found.append(child.title())
        elif isinstance(child, QLineEdit):
            found.append(child.placeholderText())
        elif isinstance(child, QComboBox):
            found += [child.itemText(i) for i in range(child.count())]
        elif isinstance(child, QTabWidget):
            found += [child.tabText(i) for i in range(child.count())]
        elif isinstance(child, QMenu):
            found += [action.text() for action in child.actions()]
        model = getattr(child, "model", None)
        if callable(model) and hasattr(child, "horizontalHeader"):
            table = model()
            from PySide6.QtCore import Qt
            found += [str(table.headerData(c, Qt.Orientation.Horizontal) or "") for c in range(table.columnCount())]
    for action in widget.findChildren(QMenu):
        found += [a.text() for a in action.actions()]
    return [text for text in found if text]


def _english_left(texts: list[str], sources: set[str]) -> list[str]:
    def plain(text: str) -> str:
        return text.replace("&&", "\0").replace("&", "").replace("\0", "&").strip()
    english = {plain(source) for source in sources}
    return sorted({text for text in texts if plain(text) in english and plain(text) not in ALLOWED})


def test_a_window_made_in_chinese_shows_no_english_word_of_its_own(qtbot, tmp_path, state_root, workspace):
    from context_center.ui.app import create_window

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    with open_engine(state_root=state_root, workspace=workspace) as engine:
        engine.remember(FactInput(name="deploys", title="Deploys", body="Deploy on Tuesdays."))
    settings = QSettings(str(tmp_path / "zh.ini"), QSettings.Format.IniFormat)
    settings.setValue(language.SETTING, "zh_CN")
    try:
        window, client = create_window(str(state_root), str(workspace), settings)
        qtbot.addWidget(window)
        window.show()
        assert language.current() == "zh_CN"
        qtbot.waitUntil(lambda: window.paths is not None and window.facts.model.rowCount() == 1, timeout=10000)
        sources = {source for source, _ in pairs(TS)}
        texts = _texts(window)
        for tab in range(window.tabs.count()):
            window.tabs.setCurrentIndex(tab)
            qtbot.wait(50)   # a tab fills itself on show: let it paint
            texts += _texts(window)
        for dialog in (window.open_settings(), window.open_import(), window.open_team_commit(), window.open_connect(),
                       window.sync.open_setup(), window.facts.writes.new_fact()):
            texts += _texts(dialog)
            dialog.close()
        assert "事实" in {window.tabs.tabText(i).replace("(&F)", "").replace("&", "") for i in
                          range(window.tabs.count())}
        assert _english_left(texts, sources) == []

        refused = messages.describe(NotFound("project/x.md is not a fact", hint="find_fact"))
        assert refused.startswith("未找到。") and "project/x.md is not a fact" in refused   # the engine's, as details
        window.close()
        client.shutdown()
    finally:
        language.install(app, "en")
    assert language.current() == "en" and messages.describe(NotFound("gone")) == "Gone"
