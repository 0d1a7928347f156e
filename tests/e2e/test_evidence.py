"""Evidence an agent cannot fake cheaply (issue 18), over HTTP against the real local stack:
an honest run keeps trust tier 2; a typed-in number, an evaluator edited by a write tool and a
`sed -i` on it each give tier 0; copies submitted at the same moment by two accounts have
exactly one first; the review page shows a copy and takes a second click to promote it; GPU
hours reach the paper and the queue."""

from __future__ import annotations

import re
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from typing import Any

import pytest
import requests

from tests.conftest import LocalStack, wait_for
from tests.e2e.own_stack import account

pytestmark = pytest.mark.e2e

# ogbn-arxiv papers of the sample with official code, which no other test touches (tests
# share one local stack per worker)
TIER_PAPER = "2105.08330"  # claims Test Accuracy 0.7420
COPY_PAPER = "2007.02133"  # claims Test Accuracy 0.7274
COST_PAPER = "2012.15024"  # claims Test Accuracy 0.7398
WORKSPACE = {
    "repo_url": "https://github.com/example/ogbn-arxiv",
    "commit": "0d8a1f3",
    "files": ["main.py", "eval.py"],
    "eval_files": ["eval.py"],
}


def _headers(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _reproduction(stack: LocalStack, rid: str) -> dict[str, Any]:
    """The reproduction once both verdicts are in."""
    return dict(
        wait_for(
            lambda: requests.get(f"{stack.url}/api/v1/reproductions/{rid}", timeout=10).json(),
            lambda r: (
                r["validation"]["state"] != "pending"
                and (r["trajectory"] is None or r["trajectory"]["state"] != "pending")
            ),
            timeout=60,
        )
    )


def _run_and_submit(
    stack: LocalStack, steps: list[tuple[str, str, str]], paper: str = TIER_PAPER
) -> dict[str, Any]:
    """A new agent starts a memoryless run, records `steps` (tool, input, output) after the
    run started, and submits the output of its evaluation with the claimed value."""
    agent = account(stack, "agent", f"evidence-{uuid.uuid4().hex[:6]}")
    run = requests.post(
        f"{stack.url}/api/v1/runs",
        headers=_headers(agent["key"]),
        json={"paper_id": paper, "memoryless": True, "workspace": WORKSPACE},
        timeout=30,
    )
    assert run.status_code == 201, run.text
    started = datetime.fromisoformat(run.json()["started_at"])
    output = f"Epoch 500 | Loss 0.93\nckpt {agent['account_id']}\nTest Accuracy: 0.7412\n"
    replay = {
        "run_id": run.json()["run_id"],
        "steps": [
            {
                "type": "tool_call",
                "ts": (started + timedelta(milliseconds=10 * (i + 1))).isoformat(),
                "tool": tool,
                "input": tool_input,
                "output": tool_output.replace("{output}", output),
                "duration_ms": 5,
            }
            for i, (tool, tool_input, tool_output) in enumerate(steps)
        ],
    }
    submitted = requests.post(
        f"{stack.url}/api/v1/reproductions",
        headers=_headers(agent["key"]),
        json={
            "paper_id": paper,
            "run_id": run.json()["run_id"],
            "tier_claimed": 2,
            "hardware_spec": "2x NVIDIA A100 80GB, Ubuntu 22.04",
            "run_log_url": output,
            "actual_metric_name": "Test Accuracy",
            "actual_metric_value": 0.7412,
            "dataset": "ogbn-arxiv",
            "replay_log": replay,
        },
        timeout=30,
    )
    assert submitted.status_code == 201, submitted.text
    return _reproduction(stack, submitted.json()["reproduction_id"])


def _failed(view: dict[str, Any]) -> list[str]:
    return [c["name"] for c in view["trajectory"]["checks"] if not c["ok"]]


READ = ("read_file", "main.py", "import torch")
RUN = ("bash", "python main.py --dataset ogbn-arxiv | tail -n 5", "{output}")


def test_an_honest_run_keeps_tier_2(local_stack: LocalStack) -> None:
    view = _run_and_submit(local_stack, [READ, ("read_file", "eval.py", "def evaluate"), RUN])
    assert view["validation"]["state"] == "passed", view["validation"]
    assert (view["trajectory"]["state"], view["trust_tier"]) == ("valid", 2), _failed(view)
    printed = view["trajectory"]["evidence"]["printed_by"]
    assert (printed["step"], printed["tool"], printed["text"]) == (
        2,
        "bash",
        "Test Accuracy: 0.7412",
    )
    compute = view["compute"]
    assert (compute["gpu_model"], compute["gpu_count"]) == ("a100", 2)
    assert compute["gpu_hours"] == pytest.approx(2 * compute["wall_seconds"] / 3600, rel=1e-3)


def test_a_typed_in_number_gives_tier_0(local_stack: LocalStack) -> None:
    # The run never printed the reported line: the agent typed it into the pasted output
    view = _run_and_submit(local_stack, [READ, ("bash", "python main.py", "Epoch 1 | Loss 2.1")])
    assert _failed(view) == ["output_in_trajectory"]
    assert view["trust_tier"] == 0
    # and echoing the number is typing it too
    echoed = _run_and_submit(
        local_stack, [READ, ("bash", "echo Test Accuracy: 0.7412", "{output}")]
    )
    assert _failed(echoed) == ["output_in_trajectory"] and echoed["trust_tier"] == 0


def test_an_evaluator_edited_with_a_write_tool_gives_tier_0(local_stack: LocalStack) -> None:
    edit = ("str_replace_editor", '{"command": "str_replace", "path": "eval.py"}', "edited")
    view = _run_and_submit(local_stack, [READ, edit, RUN])
    assert _failed(view) == ["evaluator_untouched"] and view["trust_tier"] == 0
    writes = view["trajectory"]["evidence"]["eval_writes"]
    assert [(w["step"], w["file"]) for w in writes] == [(1, "eval.py")]


def test_sed_in_place_on_the_evaluator_gives_tier_0(local_stack: LocalStack) -> None:
    sed = ("bash", "sed -i 's/y_pred.argmax/y_true/' eval.py", "")
    view = _run_and_submit(local_stack, [READ, sed, RUN])
    assert _failed(view) == ["evaluator_untouched"] and view["trust_tier"] == 0
    detail = next(c["detail"] for c in view["trajectory"]["checks"] if not c["ok"])
    assert "Step 1 (bash) writes 'eval.py' (sed -i)" in detail


def _submit(stack: LocalStack, key: str, output: str) -> requests.Response:
    return requests.post(
        f"{stack.url}/api/v1/reproductions",
        headers=_headers(key),
        json={
            "paper_id": COPY_PAPER,
            "tier_claimed": 1,
            "hardware_spec": "1x RTX 4090",
            "run_log_url": output,
            "actual_metric_name": "Test Accuracy",
            "actual_metric_value": 0.7270,
            "dataset": "ogbn-arxiv",
        },
        timeout=60,
    )


def test_copies_submitted_at_once_by_several_accounts_have_exactly_one_first(
    local_stack: LocalStack,
) -> None:
    output = f"seed 0\nrun {uuid.uuid4().hex}\nTest Accuracy: 0.7270\n"
    with ThreadPoolExecutor(6) as pool:
        agents = list(pool.map(lambda i: account(local_stack, "agent", f"copier-{i}"), range(6)))
        responses = list(pool.map(lambda a: _submit(local_stack, a["key"], output), agents))
    assert all(r.status_code == 201 for r in responses), [r.text for r in responses]
    views = [r.json() for r in responses]
    firsts = [v for v in views if v["duplicate_of"] is None]
    # exactly one of them is first, and every other names it
    assert len(firsts) == 1, [v["duplicate_of"] for v in views]
    first = firsts[0]["reproduction_id"]
    assert all(v["duplicate_of"] == first for v in views if v is not firsts[0])


def _signed_in(stack: LocalStack, key: str) -> requests.Session:
    session = requests.Session()
    form = session.get(f"{stack.url}/login", timeout=10).text
    token = re.search(r'name="login_token" value="([^"]+)"', form)
    assert token is not None
    signed = session.post(
        f"{stack.url}/login",
        data={"api_key": key, "login_token": token.group(1)},
        allow_redirects=False,
        timeout=10,
    )
    assert signed.status_code == 303, signed.text
    return session


def test_the_review_page_shows_a_copy_and_promotes_it_on_the_second_click(
    local_stack: LocalStack,
) -> None:
    first_agent, copier = (account(local_stack, "agent", n) for n in ("original", "copier"))
    output = f"seed 1\nrun {uuid.uuid4().hex}\nTest Accuracy: 0.7270\n"
    first = _submit(local_stack, first_agent["key"], output).json()
    copy = _submit(local_stack, copier["key"], output.replace("\n", "\r\n")).json()
    assert (first["duplicate_of"], copy["duplicate_of"]) == (None, first["reproduction_id"])
    _reproduction(local_stack, copy["reproduction_id"])
    reviewer = account(local_stack, "reviewer", "copy-checker")

    # Over the API: one click is refused with a clear 409
    promote = f"{local_stack.url}/api/v1/reproductions/{copy['reproduction_id']}/promote"
    refused = requests.post(promote, headers=_headers(reviewer["key"]), timeout=10)
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "duplicate_confirmation_required"
    assert first["reproduction_id"] in refused.json()["error"]["message"]

    # On the review page: the card names the earlier copy (a link to it)...
    session = _signed_in(local_stack, reviewer["key"])
    page = session.get(f"{local_stack.url}/review", timeout=10).text
    while copy["reproduction_id"] not in page:  # older submissions come first: page on
        cursor = re.search(r'href="[^"]*cursor=([^"&]+)"[^>]*rel="next"', page)
        assert cursor is not None, "the copy is not in the review queue"
        page = session.get(f"{local_stack.url}/review?cursor={cursor.group(1)}", timeout=10).text
    card = page[page.index(f'id="sub-{copy["reproduction_id"]}"') :]
    card = card[: card.index("</article>")]
    assert 'data-testid="copy-of"' in card and first["reproduction_id"] in card
    assert f"#repro-{first['reproduction_id']}" in card
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', card)
    assert csrf is not None
    # ...the first Promote click answers 409 with a Confirm button for that card...
    decide = f"{local_stack.url}/review/decide"
    form = {"csrf_token": csrf.group(1), "reproduction_id": copy["reproduction_id"]}
    first_click = session.post(decide, data={**form, "action": "promote"}, timeout=10)
    assert first_click.status_code == 409
    assert 'data-testid="confirm-copy"' in first_click.text
    assert copy["reproduction_id"] in first_click.text
    # ...and the second click promotes it
    second = session.post(
        decide,
        data={**form, "action": "promote", "confirm_duplicate": "1"},
        allow_redirects=False,
        timeout=10,
    )
    assert second.status_code == 303, second.text
    view = requests.get(
        f"{local_stack.url}/api/v1/reproductions/{copy['reproduction_id']}", timeout=10
    ).json()
    assert view["status"] == "verified"


def test_gpu_hours_reach_the_paper_and_the_queue(local_stack: LocalStack) -> None:
    view = _run_and_submit(local_stack, [READ, RUN], paper=COST_PAPER)
    reviewer = account(local_stack, "reviewer", "cost-reviewer")
    promote = f"{local_stack.url}/api/v1/reproductions/{view['reproduction_id']}/promote"
    assert requests.post(promote, headers=_headers(reviewer["key"]), timeout=10).ok
    hours = view["compute"]["gpu_hours"]
    paper = wait_for(
        lambda: requests.get(f"{local_stack.url}/api/v1/papers/{COST_PAPER}", timeout=10).json(),
        lambda p: p.get("gpu_hours") is not None,
        timeout=60,
    )
    assert paper["gpu_hours"] == {"min": hours, "median": hours, "max": hours, "reproductions": 1}
    page = requests.get(f"{local_stack.url}/papers/{COST_PAPER}", timeout=10).text
    assert 'data-testid="gpu-hours"' in page

    def queue(query: str) -> dict[str, Any]:
        rows: dict[str, Any] = {}
        cursor = None
        while True:
            params = f"?task=node-property-prediction&limit=100{query}"
            params += f"&cursor={cursor}" if cursor else ""
            body = requests.get(f"{local_stack.url}/api/v1/queue{params}", timeout=10).json()
            rows.update({e["arxiv_id"]: e for e in body["results"]})
            cursor = body["next_cursor"]
            if not cursor:
                return rows

    everything = queue("")
    assert everything[COST_PAPER]["est_gpu_hours"] == hours
    assert COST_PAPER not in queue("&max_gpu_hours=0")
    assert COST_PAPER in queue(f"&max_gpu_hours={hours}")
    unknown = [a for a, e in everything.items() if e["est_gpu_hours"] is None]
    assert unknown and set(unknown) <= set(queue("&max_gpu_hours=0"))
    bad = requests.get(f"{local_stack.url}/api/v1/queue?max_gpu_hours=-3", timeout=10)
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "invalid_parameter"
