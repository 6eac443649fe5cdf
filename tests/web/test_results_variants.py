"""Results tables in the variant's terms, in the real browser: UNO Blast ranks the seats by
elimination (never "points in hand": an eliminated hand goes under the discard pile), a
one-round game names its winner without a running score, and a points game says what each
seat scored and how the match is won."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .browser import Site, shot
from .ended import decided, show_results, table_state
from .modules import site_page


def rows(page: Page) -> list[list[str]]:
    cells = page.locator("#probe .results-table tbody tr")
    return [
        [c.strip() for c in cells.nth(i).locator("th, td").all_inner_texts()]
        for i in range(cells.count())
    ]


def test_blast_ranks_by_elimination(browser: Browser, site: Site) -> None:
    with site_page(browser, site.base) as page:
        # the last one standing holds 248 points; the eliminated hands went under the pile
        over = {
            "game": 7,
            "winner": 3,
            "leftovers": [0, 0, 0, 248],
            "scores": [0, 0, 0, 0],
            "eliminated": [2, 1, 0],
        }
        show_results(page, table_state("blast", "none", over, {"winners": [3], "scores": [0] * 4}))
        expect(page.locator("#probe h2")).to_have_text("Seat 4 wins the game!")
        assert rows(page) == [
            ["1", "Seat 4", "last one standing"],
            ["2", "Seat 1", "eliminated 3rd"],
            ["3", "Seat 2", "eliminated 2nd"],
            ["4", "Seat 3", "eliminated 1st"],
        ]
        text = page.locator("#probe").inner_text()
        assert "248" not in text and "points" not in text.lower().replace("no points are kept", "")
        shot(page, "results-blast-probe")


def test_blast_reads_the_order_from_the_log_of_an_older_server(
    browser: Browser, site: Site
) -> None:
    with site_page(browser, site.base) as page:
        over = {
            "game": 7,
            "winner": 0,
            "leftovers": [0, 31, 0],
            "scores": [0, 0, 0],
        }  # no "eliminated"
        log = [  # newest first, as the page keeps it
            {"id": 3, "game": 7, "event": {"kind": "round_over", "seat": 0, "count": 0}},
            {"id": 2, "game": 7, "event": {"kind": "eliminated", "seat": 2, "count": 30}},
        ]
        show_results(page, table_state("blast", "none", over, None, log))
        assert rows(page) == [
            ["1", "Seat 1", "emptied the hand"],
            ["2", "Seat 2", "still in"],
            ["3", "Seat 3", "eliminated 1st"],
        ]


def test_a_points_round_says_what_each_seat_scored(browser: Browser, site: Site) -> None:
    with site_page(browser, site.base) as page:
        over = {"game": 2, "winner": 1, "leftovers": [40, 0, 12], "scores": [0, 152, 0]}
        show_results(page, table_state("classic", "winner_takes", over))
        expect(page.locator("#probe h2")).to_have_text("Seat 2 wins round 1")
        headers = page.locator("#probe thead th").all_inner_texts()
        assert headers == ["Place", "Player", "Points left", "Scored", "Match score"]
        assert rows(page) == [
            ["1", "Seat 2", "0", "52", "152"],
            ["2", "Seat 3", "12", "0", "0"],
            ["3", "Seat 1", "40", "0", "0"],
        ]
        expect(page.locator("#probe caption")).to_contain_text("first to 500 wins the match")


def test_a_one_round_game_ends_with_its_winner_and_no_running_score(
    browser: Browser, site: Site
) -> None:
    # Minecraft is one round by default (scoring "none"): played to its end in the page
    with decided(browser, site) as (_code, page):
        results = page.locator(".results")
        expect(results.get_by_role("heading")).to_contain_text("wins the game!", timeout=15_000)
        expect(results.locator("caption")).to_have_text(
            "One round decides the game: no points are kept."
        )
        headers = results.locator("thead th").all_inner_texts()
        assert headers == ["Place", "Player", "Points left in hand"]
        expect(results).not_to_contain_text("next round")
        expect(results.get_by_role("link", name="Replay this game")).to_be_visible()
        shot(page, "results-one-round")
