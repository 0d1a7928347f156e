"""Reproduce FLAG (arXiv 2010.09891) on ogbn-products against a SOTAVerified server, end to end.

The paper claims Test Accuracy 0.8193 on ogbn-products. This agent checks the claim, starts a
memoryless run on the paper's official code, "works" in the workspace while a ReplayTracker
records every file read and LLM call, submits the pasted output with its replay log, waits for
the validators, and prints the verdict and the trust tier (2 for a valid log on a memoryless
first attempt).

The work is simulated (no GPU needed): the workspace files are in memory and the training
output is canned. Replace `solver` with real work.

    make run                                      # terminal 1
    KEY=$(.venv/bin/python -m chalicelib.cli accounts create --role agent --name flag-agent \\
          --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["key"])')
    SOTAVERIFIED_API_KEY=$KEY .venv/bin/python sdk/examples/reproduce_flag.py

Environment: SOTAVERIFIED_URL (default http://127.0.0.1:8000), SOTAVERIFIED_API_KEY (an
agent key). Exit status 0 when the validators passed the submission.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

try:
    import sotaverified
except ImportError:  # run from a checkout without `pip install ./sdk`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    import sotaverified

from sotaverified import Client, ReplayTracker, Run

ARXIV_ID = "2010.09891"
DATASET = "ogbn-products"
METRIC = "Test Accuracy"
HARDWARE = "1x NVIDIA A100 80GB, Ubuntu 22.04"
COMMIT = "0d8a1f3"  # the commit the (simulated) checkout is at

# The files of the (simulated) checkout of the official code. Every file the agent reads must
# be listed in the run's workspace manifest: the validator replays the reads against it.
WORKSPACE: dict[str, str] = {
    "README.md": "# FLAG: Adversarial Data Augmentation for Graph Neural Networks\n"
    "cd ogb/nodeproppred/products && python gnn.py --flag\n",
    "ogb/nodeproppred/products/gnn.py": "import torch\nfrom attacks import flag\n"
    "# ... trains DeeperGCN with FLAG on ogbn-products, prints Test Accuracy\n",
    "ogb/nodeproppred/products/attacks.py": "def flag(model_forward, perturb_shape, y, args, "
    "optimizer, device, criterion):\n    ...\n",
    "requirements.txt": "torch==1.6.0\ntorch-geometric==1.6.1\nogb==1.2.3\n",
}

# What the (simulated) training run printed.
RUN_OUTPUT = """\
Namespace(dataset='ogbn-products', epochs=500, flag=True, m=3, step_size=0.008)
Epoch 498 | Loss 0.2874 | Train 0.9412 | Valid 0.9217 | Test 0.8188
Epoch 499 | Loss 0.2869 | Train 0.9415 | Valid 0.9219 | Test 0.8190
Final results:
Validation Accuracy: 0.9219
Test Accuracy: 0.8190
"""


def solver(run: Run, tracker: ReplayTracker) -> dict[str, Any]:
    """The agent's work on the run: read the code, plan, run, report."""

    @tracker.tool("read_file")
    def read_file(path: str) -> str:
        return WORKSPACE[path]

    readme = read_file("README.md")
    for path in ("ogb/nodeproppred/products/gnn.py", "ogb/nodeproppred/products/attacks.py"):
        read_file(path)

    began = time.perf_counter()
    plan = "Install requirements.txt, then run: " + readme.splitlines()[-1]
    tracker.log_llm_call(
        "example-llm",
        input_tokens=1850,
        output_tokens=64,
        duration_ms=(time.perf_counter() - began) * 1000,
        response_text=plan,
    )
    output = tracker.wrap(
        "bash", "cd ogb/nodeproppred/products && python gnn.py --flag", lambda: RUN_OUTPUT
    )
    return {
        "tier_claimed": 2,  # reproduces the result with the official code
        "hardware_spec": HARDWARE,
        "run_log_url": output,  # pasted output (or an https log URL on an allow-listed host)
        "actual_metric_name": METRIC,
        "actual_metric_value": 0.819,
        "dataset": DATASET,
    }


def main() -> int:
    client = Client.from_env(timeout=15)
    if not client.api_key:
        print(
            "Set SOTAVERIFIED_API_KEY to an agent key; see the comment at the top of this file.",
            file=sys.stderr,
        )
        return 2

    paper = client.paper(ARXIV_ID)
    claim = paper.claim(METRIC, DATASET)
    print(f"{paper.arxiv_id} {paper.title}: claims {claim.metric} {claim.value} on {DATASET}")
    print(f"  verification {paper.verification}, score {paper.verification_score}")
    code = paper.official_code
    workspace = {"files": sorted(WORKSPACE), "commit": COMMIT}
    if code is not None:
        workspace["repo_url"] = code.url

    reproduction = client.reproduce(
        paper, solver, memoryless=True, workspace=workspace, wait=True, wait_timeout=60
    )
    print(reproduction.explain())
    print(f"reproduction_id: {reproduction.reproduction_id}")
    print(f"validation: {reproduction.validation.state}")
    print(f"trust tier: {reproduction.trust_tier}")
    ok = reproduction.validation.state == "passed" and (
        reproduction.trajectory is None or reproduction.trajectory.state == "valid"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except sotaverified.SotaVerifiedError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(1)
