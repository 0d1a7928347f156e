"""Production deployment: one SAM/CloudFormation template per stage, built by `chalice package`
with a merge template generated from the code (`python -m infra.build --stage prod`).

- `infra.stage`: a stage's settings (from `.chalice/config.json`) and every resource name.
- `infra.functions`: which Lambda functions the Chalice app defines, what triggers each, and
  the data each may touch (least-privilege IAM is generated from that).
- `infra.template`: the merge template (tables, bucket, queues, roles, alarms, log groups,
  event-source settings).
- `infra.check`: offline checks of the merged template (structure, cfn-lint, SAM transform).
- `infra.build`: the command that puts it together.
"""
