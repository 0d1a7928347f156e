"""One agent cannot bury a paper in everybody else's queue.

The queue divides a paper's priority by 1 + the other agents working on it, so work spreads
out. An agent may hold several runs, all on one paper: counted run by run, five runs of one
account made the paper look five agents busy (divided by 6 for everybody else), for as long as
it kept starting runs, with no work done."""

from __future__ import annotations

from tests.integration.submission_world import PAPER, World


def _entry(world: World, key: str) -> dict[str, object]:
    response = world.request("GET", "/api/v1/queue?limit=100", key=key)
    assert response.status_code == 200, response.body
    return next(e for e in response.json_body["results"] if e["arxiv_id"] == PAPER)


def test_one_agents_runs_on_a_paper_discount_it_as_one_agent(world: World) -> None:
    world.stack.pump.drain()  # the papers recomputed: their queue rows written
    base = _entry(world, world.agent2.key)["base_priority"]
    # Given one agent holding five runs on the same paper
    for _ in range(5):
        assert world.start_run(world.agent.key, PAPER).status_code == 201
    # When another agent reads the queue
    entry = _entry(world, world.agent2.key)
    # Then the paper is discounted for one agent working on it, not five
    assert entry["active_runs"] == 5
    assert entry["priority"] == round(base / 2, 3)  # type: ignore[operator]
    assert "divided by 2 for 5 active run(s) by 1 other agent" in str(entry["why"])
