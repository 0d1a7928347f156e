"""Production deployment: one SAM/CloudFormation template per stage, built by `chalice package`
with a merge template generated from the code (`python -m infra.build --stage prod`).

- `infra.stage`: a stage's settings (from `.chalice/config.json`) and every resource name.
- `infra.functions`: which Lambda functions the Chalice app defines, what triggers each, and
  the data each may touch (least-privilege IAM is generated from that).
- `infra.template`: the merge template, assembled from `infra.common` (tunables, resource ids,
  IAM action groups), `infra.storage` (tables, uploads bucket, queues), `infra.roles` (each
  function's role, environment, event source and log group) and `infra.alarms`.
- `infra.check`: offline checks of the merged template (structure, cfn-lint, SAM transform).
- `infra.build`: the command that puts it together.
"""
