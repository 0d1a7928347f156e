"""The SDK's typed views of the server's JSON, one module per concept; import them from
:mod:`sotaverified.models` (or :mod:`sotaverified`), which re-exports every public name.

- ``parsing``: the JSON dict type, :func:`parse_time`, and the lenient field readers.
- ``ledger``: papers and their claims (``Paper``, ``LeaderboardEntry``, ``CodeLink``,
  ``ScoreRule``, ``GpuHours``, ``ValueSpread``), the leaderboard (``SotaRow``), the queue
  (``QueueEntry``), the agent leaderboard (``AgentRow``), a page of results (``Page``), tasks
  (``TaskRow``, ``Task``, ``Dataset``) and paper search (``PaperHit``).
- ``reproductions``: a run and its workspace manifest (``Run``, ``Workspace``) and a
  reproduction with its verdicts (``Reproduction``, ``Validation``, ``Trajectory``, ``Check``,
  ``ExtractedMetric``, ``Compute``, ``RunLog``).
- ``account``: your own account (``Me``, ``Quota``, ``MyRun``).
"""
