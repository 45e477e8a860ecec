"""Issue #36, point 3: Verify dropped a hand-written ``volatility: high`` with "treated as unset".
The warning names the valid values, and neither Verify nor the form drops it without saying so."""
from __future__ import annotations

from context_center.ui import dialogs


def test_a_value_a_rewrite_would_drop_is_said_before_verify_and_in_the_form(ui, qtbot, monkeypatch):
    fact = ui.remember(name="deploy-order", title="Deploy order", body="Deploys run the migrations first.")
    text = fact.path.read_text(encoding="utf-8")
    fact.path.write_text(text.replace("---\n", "---\nvolatility: high\n", 1), encoding="utf-8")
    ui.show_facts("deploy-order")
    tab = ui.window.facts
    problems = [tab.problems.item(i).text() for i in range(tab.problems.count())]
    assert any("unknown volatility 'high' (evergreen, stable or volatile); treated as unset" in p for p in problems)
    ui.select_fact("deploy-order")

    asked = []
    monkeypatch.setattr(dialogs, "confirm", lambda parent, title, text, action="", **kw: asked.append(text) or False)
    tab.writes.verify_selected()
    assert asked and "volatility 'high'" in asked[0] and "Edit it instead" in asked[0]
    ui.idle()
    assert "volatility: high" in fact.path.read_text(encoding="utf-8")   # declined: nothing written

    form = tab.writes.edit_selected()
    assert form is not None and form.banner.isVisible()
    assert "saving drops it" in form.banner.text() and "volatility 'high'" in form.banner.text()
    form.discard()
