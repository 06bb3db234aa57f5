"""The upload page in a real browser: files chosen through the page's file inputs, a query opened step by step,
a hostile file name that stays text, and screenshots in both languages at desktop and phone size."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from deploy.harness import ARTIFACTS
from tests.test_app_data import QRELS, RUN_A, RUN_B, trec_eval_mean
from tests.test_browser import WAIT, metric, settle
from ui.i18n import translate

pytestmark = pytest.mark.browser


def fresh(browser, width=1400, height=1600):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.dialogs = []
    page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
    return context, page


def choose_upload(page, server_url: str, lang: str = "en") -> None:
    page.goto(f"{server_url}/data?lang={lang}")
    expect(page.locator("[data-testid=stTable]").first).to_be_visible(timeout=WAIT)  # the sample's results
    settle(page)
    page.get_by_text(translate("data_source_upload", lang), exact=True).click()
    expect(page.locator("[data-testid=stFileUploader]")).to_have_count(2, timeout=WAIT)
    settle(page)


def give(page, box: int, files: list[tuple[str, bytes]]) -> None:
    """Put files into the ``box``-th uploader's file input, as the browser's file chooser would, and wait until the
    box lists them (a file chosen while the page was redrawing the other box is chosen again, as a user would)."""
    uploader = page.locator("[data-testid=stFileUploader]").nth(box)
    for attempt in range(2):
        uploader.locator("input[type=file]").set_input_files(
            [{"name": n, "mimeType": "text/plain", "buffer": b} for n, b in files]
        )
        try:
            for name, _ in files:
                expect(uploader.get_by_role("button", name=f"Remove {name}", exact=True)).to_have_count(
                    1, timeout=WAIT // 2
                )
            break
        except AssertionError:
            if attempt or uploader.get_by_role("button", name="Remove ").count():  # never choose a file twice
                raise
    settle(page)


def mean_cells(page) -> list[list[str]]:
    table = page.locator("[data-testid=stTable]").first
    return [[c.strip() for c in row.locator("td, th").all_inner_texts()] for row in table.locator("tbody tr").all()]


def test_uploaded_runs_are_scored_as_trec_eval_scores_them(browser, server_url):
    """Two runs and their qrels chosen through the file inputs show trec_eval's means and a comparison."""
    context, page = fresh(browser)
    choose_upload(page, server_url)
    give(page, 0, [("bm25.run", RUN_A), ("neural.run", RUN_B)])
    give(page, 1, [("judged.qrels", QRELS)])
    expect(page.locator("[data-testid=stTable] td", has_text="neural.run").first).to_be_visible(timeout=WAIT)
    settle(page)
    cells = {row[0]: row[1] for row in mean_cells(page)}
    assert cells == {
        "bm25.run": f"{trec_eval_mean(RUN_A, QRELS, 10):.4f}",
        "neural.run": f"{trec_eval_mean(RUN_B, QRELS, 10):.4f}",
    }
    expect(page.get_by_text(translate("data_col_p_rand", "en")).first).to_be_visible(timeout=WAIT)
    context.close()


def test_a_query_opens_in_the_step_lesson_with_the_tables_ndcg(browser, server_url):
    """Picking a query with the keyboard and pressing Open shows the step lesson with the same nDCG@10 as the upload page's table."""
    context, page = fresh(browser)
    page.goto(f"{server_url}/data?lang=en")
    button = page.get_by_role("button", name=translate("data_open", "en"))
    expect(button).to_be_visible(timeout=WAIT)
    settle(page)
    page.get_by_label(translate("data_open_pick", "en")).first.click()
    page.keyboard.press("ArrowDown")  # from the worst query (q17, 0.0000) to the next worst, q01
    page.keyboard.press("Enter")
    settle(page)
    button.click()
    expect(page.get_by_text("Query 'q01' of run 'run_a.txt'")).to_be_visible(timeout=WAIT)
    settle(page)
    assert "/steps?" in page.url
    assert metric(page, "nDCG@10").inner_text() == "0.2879"  # the upload page's value for q01 (run A, linear)
    context.close()


def test_a_hostile_file_name_is_shown_as_text_and_runs_nothing(browser, server_url):
    """A binary file named like an HTML image tag with onerror is named literally in the warning; no script runs."""
    context, page = fresh(browser)
    choose_upload(page, server_url)
    name = "<img src=x onerror=alert(1)>.txt"
    give(page, 0, [(name, b"\x00\x01binary")])
    warning = page.locator("[data-testid=stAlertContentWarning]").first
    expect(warning).to_contain_text(name, timeout=WAIT)
    assert page.locator("[data-testid=stMain] img[src=x]").count() == 0
    page.wait_for_timeout(500)
    assert page.dialogs == []
    context.close()


def test_names_in_static_tables_are_shown_as_typed(browser, server_url):
    """Item names with markdown, a link and LaTeX appear literally in the step tables: no bold, no link, no formula."""
    context, page = fresh(browser)
    names = ["**bold**", "[link](http://x.test)", "$x^2$", "me@x.test", "www.x.test"]
    page.goto(f"{server_url}/steps?items=" + ",".join(quote(n, safe="") for n in names) + "&rel=1,2,3,1,2&lang=en")
    table = page.locator("[data-testid=stTable]").first
    expect(table).to_be_visible(timeout=WAIT)
    settle(page)
    texts = {t.replace("\u200b", "") for t in table.locator("td").all_inner_texts()}  # a ZWSP stops autolinks
    assert set(names) <= texts
    marked = page.locator("[data-testid=stTable] td :is(strong, a, .katex)")
    assert marked.count() == 0, marked.evaluate_all("es => es.map(e => e.outerHTML.slice(0, 80))")
    context.close()


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize(("width", "height"), [(1400, 3600), (390, 5200)])
def test_screenshots_of_the_upload_page(browser, server_url, lang, width, height):
    """The sample's results page renders in both languages at desktop and phone width; the images are kept."""
    context, page = fresh(browser, width, height)
    page.goto(f"{server_url}/data?lang={lang}")
    expect(page.locator("[data-testid=stTable]").first).to_be_visible(timeout=WAIT)
    settle(page)
    expect(page.locator("div.ndcg-bars svg")).to_have_count(2, timeout=WAIT)  # histogram and Δ bars, no plotly
    page.wait_for_timeout(800)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"data-{lang}-{width}.png"))
    overflow = page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    context.close()


def test_the_upload_pages_bars_name_every_bin_on_a_phone_and_draw_losses_below_zero(browser, server_url):
    """At 390 px the sample's histogram names all ten bins whole, set at an angle; the Δ chart draws each loss in
    vermillion down from its zero line and each gain in green up from it, sorted from the largest loss, and numbers
    its 50 queries in round steps."""
    from ui import figures

    context, page = fresh(browser, 390, 5200)
    page.goto(f"{server_url}/data?lang=en")
    charts = page.locator("div.ndcg-bars svg")
    expect(charts).to_have_count(2, timeout=WAIT)
    names = [t.strip() for t in charts.nth(0).locator("text[transform^='rotate(-40']").all_text_contents()]
    assert names == [f"{i / 10:.1f}–{(i + 1) / 10:.1f}" for i in range(10)]
    zero, bars = charts.nth(1).evaluate(
        """svg => [+svg.querySelector("line.axis").getAttribute("y1"),
                   [...svg.querySelectorAll("rect")].filter((r) => r.querySelector("title")).map((r) =>
                     [r.getAttribute("fill"), +r.getAttribute("y"), +r.getAttribute("height")])]"""
    )
    losses = [b for b in bars if b[0] == figures.PALETTE["vermillion"]]
    gains = [b for b in bars if b[0] == figures.PALETTE["green"]]
    assert losses and gains and bars[0] in losses and bars[-1] in gains
    assert all(abs(y - zero) < 0.01 and h > 0 for _, y, h in losses)  # hanging down from zero
    assert all(abs(y + h - zero) < 0.01 and h > 0 for _, y, h in gains)  # standing on zero
    middle = charts.nth(1).locator("text[text-anchor=middle]:not([transform])").all_text_contents()
    assert [t for t in middle if t.isdigit()] == [str(i) for i in range(5, 51, 5)]  # round steps through 50 queries
    context.close()


def big_run(size: int) -> bytes:
    """A TREC run of just under ``size`` bytes: queries of 100 documents with distinct scores."""
    out, total, q = [], 0, 0
    while True:
        block = "".join(f"q{q} Q0 q{q}-d{d} {d + 1} {1 - d / 100:.2f} t\n" for d in range(100)).encode()
        if total + len(block) > size:
            return b"".join(out)
        out.append(block)
        total += len(block)
        q += 1


def test_the_upload_limit_just_under_and_just_over(browser, server_url):
    """A 20 MB + 1 byte file is refused at the upload box with the limit named; a run just under 20 MB is scored."""
    context, page = fresh(browser)
    choose_upload(page, server_url)
    limit = 20_000_000  # server.maxUploadSize = 20: the upload box counts a MB as 10^6 bytes
    over = b"q1 Q0 d1 1 0.5 t\n" * (limit // 17) + b"x" * (limit % 17 + 1)
    assert len(over) == limit + 1
    give(page, 0, [("over.run", over)])
    refusal = page.locator("[data-testid=stFileUploader]").first.get_by_text("20")
    expect(refusal.first).to_be_visible(timeout=WAIT)
    settle(page)
    assert page.locator("[data-testid=stTable]").count() == 0  # nothing was read
    expect(page.get_by_text(translate("data_need_run", "en"))).to_be_visible(timeout=WAIT)
    under = big_run(limit - 1000)
    qrels = b"".join(f"q{q} 0 q{q}-d{d} {(q + d) % 4}\n".encode() for q in range(0, 2000, 7) for d in range(0, 100, 3))
    give(page, 0, [("under.run", under)])
    give(page, 1, [("q.qrels", qrels)])
    cell = page.locator("[data-testid=stTable] td", has_text="under.run").first
    expect(cell).to_be_visible(timeout=60_000)
    settle(page)
    got = {row[0]: row[1] for row in mean_cells(page)}
    assert got["under.run"] == f"{trec_eval_mean(under, qrels, 10):.4f}"
    context.close()


def main_scroll(page) -> int:
    return page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollTop")


def open_picked_query(page) -> str:
    """Pick the second-worst query in the "open step by step" box by keyboard, press Open, and return the box's
    "qid · value" text."""
    settle(page)
    box = page.get_by_label(translate("data_open_pick", "en")).first
    expect(box).to_be_visible(timeout=WAIT)
    box.click()  # Playwright scrolls it into view first
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    settle(page)
    picked = box.input_value()  # the box's combobox shows the chosen "qid · value"
    assert main_scroll(page) > 500  # the page is scrolled far down
    page.get_by_role("button", name=translate("data_open", "en")).click()
    expect(page.get_by_text(translate("data_back", "en"))).to_be_visible(timeout=3 * WAIT)  # its code loads now
    settle(page)
    page.wait_for_timeout(1200)  # the page's later elements have mounted
    found = re.search(r"(\S+) · (\d\.\d{4})", picked)
    assert found, picked
    return found.group(0)


def test_own_uploads_come_back_after_the_step_page_by_link_and_by_back(browser, server_url):
    """Uploads, exponential gain, Open step by step: the step page starts at its top with the table's exponential
    nDCG@10; its "Back to your data" link and the browser's Back both show the uploaded runs again, not the sample
    (UX review 3, U2 and U5; content review 3, G4)."""
    context, page = fresh(browser, 1400, 900)
    page.goto(f"{server_url}/data?lang=en")  # a fresh server on a busy machine loads its first page slowly
    expect(page.locator("[data-testid=stTable]").first).to_be_visible(timeout=4 * WAIT)
    choose_upload(page, server_url)
    give(page, 0, [("mine.run", RUN_A), ("other.run", RUN_B)])
    give(page, 1, [("mine.qrels", QRELS)])
    expect(page.locator("[data-testid=stTable] td", has_text="other.run").first).to_be_visible(timeout=WAIT)
    settle(page)
    page.get_by_text(translate("data_gain_exponential", "en"), exact=True).last.click()
    settle(page)
    picked = open_picked_query(page)  # e.g. "q01 · 0.2337", under exponential gain
    query, value = picked.split(" · ")
    assert "/steps?" in page.url and "gain=exponential" in page.url
    assert main_scroll(page) == 0  # at the top: the title, the numbers and the note are in view
    expect(page.get_by_text(f"Query '{query}' of run 'mine.run'")).to_be_in_viewport()
    assert metric(page, "nDCG@10").inner_text() == value
    page.get_by_text(translate("data_back", "en")).click()
    expect(page.locator("[data-testid=stTable] td", has_text="other.run").first).to_be_visible(timeout=WAIT)
    settle(page)
    assert "/data" in page.url and page.get_by_text("run_a.txt").count() == 0
    expect(page.get_by_text("Runs: mine.run, other.run")).to_be_visible()
    open_picked_query(page)
    page.go_back()
    expect(page.locator("[data-testid=stTable] td", has_text="other.run").first).to_be_visible(timeout=WAIT)
    settle(page)
    assert "/data" in page.url and page.get_by_text("run_a.txt").count() == 0
    assert page.get_by_label(translate("data_source_upload", "en")).is_checked()
    context.close()
