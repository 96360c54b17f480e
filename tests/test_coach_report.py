"""The coach's match report scene, under the SDL dummy driver: what it says comes from the
history's stored decisions, its sentences from positions rebuilt exactly; Back leaves."""

from __future__ import annotations

from uitest import DT, click_button

from klaverjas_gui import i18n
from klaverjas_gui.teach import coach
from klaverjas_gui.ui import catalogue
from klaverjas_gui.ui.coach_report import CoachReportScene


def test_the_report_tells_the_stored_decisions_and_goes_back(make_app):
    app = make_app(deterministic=True, first_frame=True)
    catalogue.SCREENS["coach report"](app)
    app.step(DT)
    report = app.top
    assert isinstance(report, CoachReportScene)
    stored = app.history.decisions(report.match_id)
    summary = coach.summary(stored)
    text = [t for t, _, _ in report.text]
    assert text[0].startswith(f"{summary['decisions']} decisions judged")
    costly = [d for d in app.history.costliest(report.match_id) if d.cost >= coach.CLOSE]
    for d, line in zip(costly, text[2 : 2 + len(costly)], strict=True):
        assert line.startswith("Deal ") and f"about {round(d.cost)} points" in line
    if summary["mistakes"]:
        assert text[-1].startswith("Mistakes by kind: ")
    click_button(app, report, "back")
    app.step(DT)
    assert app.top is not report


def test_a_match_without_judged_decisions_says_so_in_dutch(make_app):
    app = make_app("--lang", "nl", deterministic=True, first_frame=True)
    mid = catalogue.stored_match(app).id
    app.push("coach report", match_id=mid)
    app.step(DT)
    assert [t for t, _, _ in app.top.text] == [i18n.tr("coach.report_none")]
    assert "beoordeeld" in app.top.text[0][0]
