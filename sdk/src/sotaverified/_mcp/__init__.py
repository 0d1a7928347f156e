"""The MCP server's code, one module per concept; import it from :mod:`sotaverified.mcp_server`,
the entry point (``sotaverified-mcp``, ``python -m sotaverified.mcp_server``), which re-exports
every public name and says how to install the ``mcp`` extra when it is missing.

- ``server``: the ``MCPServer`` subclass (unknown and ill-typed arguments answered as tool
  errors), the instructions it sends clients, and ``create_server``, which registers the tools.
- ``registration``: what ``create_server`` hands the tool modules (the ``@tool`` decorator's
  type, the API-key check's type, the read / write annotations).
- ``read_tools``: reading the ledger: ``get_paper``, ``query_sota``, ``get_queue``,
  ``list_agents``, ``list_tasks``, ``get_task``, ``search_papers``, and the account's own
  ``get_me``, ``list_my_reproductions``, ``list_my_runs``.
- ``run_tools``: doing a reproduction: ``start_run``, ``submit_reproduction`` (local log files
  are uploaded), ``get_reproduction``.
- ``inputs``: the argument types (replay-log steps, workspace manifest, paper references).
- ``outputs``: the output schemas, one pydantic model per result (``*Out``).
- ``shapes``: the SDK's models shaped into the plain dicts tools return (``*_out``).
- ``results``: a successful result (``ok``), a tool error (``tool_error``), a listing.
- ``error_mapping``: SDK errors and bad arguments turned into tool errors with a next step
  (``api_error``, ``guarded``, ``invalid_arguments``).
- ``config``: the server's name, environment variables and limits, the logger, and the
  client it calls (``make_client``).
"""
