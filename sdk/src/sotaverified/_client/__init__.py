"""The HTTP client's code, one module per concept; import it from :mod:`sotaverified.client`
(or :mod:`sotaverified`), which re-exports every public name. :class:`~sotaverified.Client`
is ``RunMethods`` (which extends ``ReadMethods``, which extends ``HttpTransport``) plus its
``from_env`` constructor.

- ``http``: the transport: the client's settings (``HttpTransport.__init__``), requests with
  retries (backoff with jitter, ``Retry-After``, what may be retried), pagination, and HTTP
  errors mapped to :mod:`sotaverified.errors`; ``DEFAULT_URL``, ``API``, ``MAX_PAGE_SIZE``.
- ``reads``: the read methods (``paper``, ``sota``, ``sota_page``, ``queue``, ``agents``,
  ``reproduction``, ``paper_reproductions``, ``tasks``, ``task``, ``search``, ``me``,
  ``my_reproductions``, ``my_runs``) and ``paper_ref``.
- ``runs``: the run methods (``start_run``, ``upload``, ``submit_reproduction``,
  ``wait_for_validation``, ``reproduce``), the submission fields and the inline limits.
"""
